import { crisisLineLabel } from "../../shared/emergency";
import type { CrisisLine, EmergencyNumbers } from "../../shared/schemas/site-config";
import type { Env } from "../env";

interface RegionEntry {
  number: string;
  /** Other numbers that reach help there too (for docs/safety.md; the card calls `number`). */
  alsoWorks: string[];
  crisisLine: CrisisLine | null;
}

/** Where a code the table does not know falls back to: the EU-wide 112, with no crisis line we could vouch for. */
export const FALLBACK_REGION = "EU";

/** Emergency number and suicide crisis line per region (ISO 3166 code); sources in docs/safety.md. */
export const emergencyRegions = {
  DE: { number: "112", alsoWorks: [], crisisLine: { name: "TelefonSeelsorge", number: "0800 111 0 111" } },
  AT: { number: "112", alsoWorks: ["144"], crisisLine: { name: "Telefonseelsorge", number: "142" } },
  CH: { number: "144", alsoWorks: ["112"], crisisLine: { name: "Die Dargebotene Hand", number: "143" } },
  GB: { number: "999", alsoWorks: ["112"], crisisLine: { name: "Samaritans", number: "116 123" } },
  IE: { number: "112", alsoWorks: ["999"], crisisLine: { name: "Samaritans", number: "116 123" } },
  US: { number: "911", alsoWorks: [], crisisLine: { name: "988 Suicide & Crisis Lifeline", number: "988" } },
  EU: { number: "112", alsoWorks: [], crisisLine: null },
} as const satisfies Record<string, RegionEntry>;

type Settings = Pick<Env, "EMERGENCY_REGION" | "EMERGENCY_NUMBER" | "CRISIS_LINE" | "CRISIS_LINE_NAME">;

/** The deployment's numbers: the region's entry (or EU's), with each setting that is set taking precedence. */
export function emergencyNumbersFromEnv(env: Settings): EmergencyNumbers {
  const entry = entryOf(env.EMERGENCY_REGION);
  const base = entry.crisisLine;
  const number = env.CRISIS_LINE ?? base?.number;
  const crisisLine = number ? { name: env.CRISIS_LINE_NAME ?? (env.CRISIS_LINE ? "" : (base?.name ?? "")), number } : null;
  return { region: env.EMERGENCY_REGION, number: env.EMERGENCY_NUMBER ?? entry.number, crisisLine };
}

/** Whether the table has an entry of its own for `region` (otherwise it gets EU's). */
export const isKnownRegion = (region: string): region is keyof typeof emergencyRegions => Object.hasOwn(emergencyRegions, region);

const entryOf = (region: string): RegionEntry => emergencyRegions[isKnownRegion(region) ? region : FALLBACK_REGION];

/** Whether the table names a crisis line for `region`. */
export const regionHasCrisisLine = (region: string) => entryOf(region).crisisLine !== null;

/** What `{{crisisLine}}` says in a prompt where the region has no crisis line to name. */
const NO_CRISIS_LINE = "a crisis line in their country";

/**
 * Fills the placeholders `{{emergencyNumber}}` and `{{crisisLine}}` in a prompt (the seeded one or an operator's);
 * a prompt without them goes out unchanged.
 */
export function fillEmergencyPlaceholders(prompt: string, numbers: EmergencyNumbers): string {
  const crisisLine = numbers.crisisLine ? `the crisis line ${crisisLineLabel(numbers.crisisLine)}` : NO_CRISIS_LINE;
  return prompt.replaceAll("{{emergencyNumber}}", numbers.number).replaceAll("{{crisisLine}}", crisisLine);
}
