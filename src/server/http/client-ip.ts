import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";
import { addressKey } from "./address-key";

/** The client's address: the socket peer, or behind a trusted proxy the last X-Forwarded-For hop. */
export function clientIp(c: Context, trustProxy: boolean): string | undefined {
  if (trustProxy) {
    const forwarded = c.req.header("x-forwarded-for")?.split(",").at(-1)?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address;
  } catch {
    // Requests made in-process (app.request in tests) have no socket.
    return undefined;
  }
}

/** The key per-address limits count by (IPv6 cut to its /64, see addressKey), or undefined when unknown. */
export function clientAddressKey(c: Context, trustProxy: boolean): string | undefined {
  const ip = clientIp(c, trustProxy);
  return ip ? addressKey(ip) : undefined;
}
