import { setFlagsFromString } from "node:v8";

/**
 * Runs `open` (a PGlite.create) after switching V8's optimising tier for WebAssembly off, so that PostgreSQL's
 * 8.7 MB module runs on V8's baseline code only. Otherwise V8 recompiles its hot functions in the background, and
 * that compiler's memory stays with the process: about 80 MB of an idle server's RSS. Measured on the server's
 * queries (a page of messages, the chat list, a save): the same CPU time per query either way, and less CPU to
 * start (no background recompiling).
 *
 * The flag is process-wide and V8 reads it whenever a function would be optimised, so it stays set for good:
 * switched back on, V8 optimised PostgreSQL all the same. Other WebAssembly in the process (undici's HTTP parser)
 * runs on baseline code too.
 */
export function withBaselineWasm<T>(open: () => Promise<T>): Promise<T> {
  setFlagsFromString("--liftoff-only");
  return open();
}
