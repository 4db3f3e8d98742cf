import { CHANGE_CHANNEL, ChangeNoticeHub } from "../change-notices";

/** What listening needs of PGlite (its own instance, or the worker-thread proxy that forwards to one). */
export interface PgliteListener {
  readonly closed: boolean;
  listen(channel: string, callback: (payload: string) => void): Promise<(() => Promise<void>) | undefined>;
}

/**
 * Change notices on PGlite. PGlite is one connection in this process, so a notice reaches the listener right after
 * the statement that caused it, before its caller goes on: the channel cannot be lost, and is always connected.
 */
export async function listenOnPglite(client: PgliteListener): Promise<ChangeNoticeHub> {
  let unlisten: (() => Promise<void>) | undefined;
  const hub = new ChangeNoticeHub(async () => {
    // A PGlite closed before its handle (the tests' shared instance) has no listener left to remove.
    if (!client.closed) await unlisten?.();
  });
  unlisten = await client.listen(CHANGE_CHANNEL, (payload) => hub.receive(payload));
  hub.connected = true;
  return hub;
}
