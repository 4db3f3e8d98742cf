import type { CrisisLine } from "./schemas/site-config";

/** A crisis line as texts name it: name and number, the number only once when the name already holds it. */
export function crisisLineLabel(line: CrisisLine): string {
  return line.name.includes(line.number) ? line.name : `${line.name} ${line.number}`.trim();
}

/** The tel: link for a number as written ("0800 111 0 111" → `tel:08001110111`). */
export function telHref(number: string): string {
  return `tel:${number.replace(/[^\d+]/g, "")}`;
}
