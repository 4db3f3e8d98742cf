import { setFlagsFromString } from "node:v8";

/**
 * Runs `open` (a PGlite.create) with V8's optimising tier for WebAssembly switched off for good (process-wide):
 * about 80 MB less idle RSS at the same CPU per query. Measurements and the catch: docs/architecture.md,
 * "PGlite's WebAssembly on baseline code".
 */
export function withBaselineWasm<T>(open: () => Promise<T>): Promise<T> {
  setFlagsFromString("--liftoff-only");
  return open();
}
