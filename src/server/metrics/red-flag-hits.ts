import type { RedFlagCategory, RedFlagLayer } from "../../shared/values";

/** One emergency category flagged on a user message, and which layer named it. */
interface RedFlagHit {
  category: RedFlagCategory;
  layer: RedFlagLayer;
}

/**
 * The categories a user message is flagged with once both layers have spoken, each with the layer that named
 * it: the rules, the model, or both. Counted per category (not per message as the stored red_flag_layer is), so
 * that `layer="model"` counts exactly what the model added to the rules.
 */
export function redFlagHits(rules: readonly RedFlagCategory[], modelCategory: RedFlagCategory | null): RedFlagHit[] {
  const hits: RedFlagHit[] = rules.map((category) => ({ category, layer: category === modelCategory ? "both" : "rules" }));
  if (modelCategory && !rules.includes(modelCategory)) hits.push({ category: modelCategory, layer: "model" });
  return hits;
}
