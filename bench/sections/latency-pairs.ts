import type { StreamResult } from "../lib/client";

export type Mode = "direct" | "server";

/** Runs the same request through both paths in turn, so both see the same machine noise. */
export async function pair(run: (mode: Mode) => Promise<StreamResult>, order: number, out: Record<Mode, StreamResult[]>) {
  const modes: Mode[] = order % 2 === 0 ? ["direct", "server"] : ["server", "direct"];
  for (const mode of modes) out[mode].push(await run(mode));
}

export function checkComplete(results: StreamResult[], expected: string, label: string) {
  const bad = results.filter((r) => r.status !== 200 || r.text !== expected || (r.doneText !== undefined && r.doneText !== expected));
  if (bad.length > 0)
    throw new Error(
      `${label}: ${bad.length} of ${results.length} streams were incomplete or failed (${bad[0]?.status} ${bad[0]?.error ?? ""})`,
    );
}
