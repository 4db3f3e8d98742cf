import { setTimeout as delay } from "node:timers/promises";

/**
 * Polls until `probe` returns a value other than undefined/false, for at most `timeoutMs`.
 * For work the server does in the background (sending mail); never a fixed sleep.
 */
export async function waitFor<T>(
  what: string,
  probe: () => Promise<T | undefined | false> | T | undefined | false,
  { timeoutMs = 5_000, intervalMs = 20 }: { timeoutMs?: number; intervalMs?: number } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() >= deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await delay(intervalMs);
  }
}

/** Resolves once the wall clock has moved past `since` (a bounded wait of at most a few ms). */
export async function clockPast(since: number): Promise<void> {
  await waitFor("the clock to advance", () => Date.now() > since, { timeoutMs: 1_000, intervalMs: 1 });
}
