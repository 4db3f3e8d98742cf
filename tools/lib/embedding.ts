import { type CorpusEntry, type Counts, loadCarriers, loadCorpus } from "./safety-corpus";

export const embedPositions = ["start", "middle", "end"] as const;

/** The carrier with the emergency put at its start, after its middle sentence, or at its end. */
export function embed(carrier: string, emergency: string, at: (typeof embedPositions)[number]): string {
  if (at === "start") return `${emergency} ${carrier}`;
  if (at === "end") return `${carrier} ${emergency}`;
  const ends = [...carrier.matchAll(/[.!?](?=\s)/g)].map((match) => match.index + 1);
  const cut = ends[Math.floor(ends.length / 2)] ?? Math.floor(carrier.length / 2);
  return `${carrier.slice(0, cut)} ${emergency}${carrier.slice(cut)}`;
}

/**
 * Every development emergency of a language (the buried ones aside) at the start, middle and end of three different
 * long benign carriers: `emergencies` counts the placements of those flagged alone, `caught` those flagged inside.
 */
export function embeddingCounts(lang: CorpusEntry["lang"], flagged: (text: string) => boolean): Counts & { lost: string[] } {
  const carriers = loadCarriers().filter((entry) => entry.lang === lang);
  const emergencies = loadCorpus("dev").filter((entry) => entry.lang === lang && entry.emergency && entry.style !== "buried");
  const counts = { emergencies: 0, caught: 0, negatives: 0, falseAlarms: 0, lost: [] as string[] };
  emergencies.forEach((emergency, i) => {
    if (!flagged(emergency.text)) return;
    embedPositions.forEach((at, p) => {
      // Every carrier is used about equally often.
      const carrier = carriers[(i * 3 + p * 17) % carriers.length]?.text ?? "";
      counts.emergencies++;
      if (flagged(embed(carrier, emergency.text, at))) counts.caught++;
      else counts.lost.push(`${emergency.id}@${at}`);
    });
  });
  return counts;
}
