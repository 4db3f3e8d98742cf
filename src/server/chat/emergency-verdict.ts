import { z } from "zod";
import { type ModelCheckOutcome, OTHER_ACUTE, type RedFlagCategory, redFlagCategories } from "../../shared/values";

/** What the model's emergency check came to (the outcomes stored as messages.redFlagModelOutcome). */
export type ModelVerdict =
  | { outcome: "emergency"; category: RedFlagCategory }
  | { outcome: "clear" }
  | { outcome: Exclude<ModelCheckOutcome, "emergency" | "clear"> };

const yesNo = z.union([z.boolean(), z.enum(["yes", "no", "true", "false"]).transform((value) => value === "yes" || value === "true")]);
const verdictSchema = z.object({ emergency: yesNo, category: z.string().nullish() });

/**
 * The verdict in a model's answer: the JSON object in it, read leniently (a code fence, words around it or a
 * model's <think> block are skipped). An emergency in a category we do not know still counts, as other-acute:
 * a card too many is the smaller mistake. Anything else is unparseable.
 */
export function parseVerdict(answer: string): ModelVerdict {
  const text = answer.replace(/<think>[\s\S]*?<\/think>/gi, "");
  const start = text.indexOf("{");
  const end = text.lastIndexOf("}");
  if (start < 0 || end < start) return { outcome: "unparseable" };
  let data: unknown;
  try {
    data = JSON.parse(text.slice(start, end + 1));
  } catch {
    return { outcome: "unparseable" };
  }
  const parsed = verdictSchema.safeParse(data);
  if (!parsed.success) return { outcome: "unparseable" };
  if (!parsed.data.emergency) return { outcome: "clear" };
  const named = parsed.data.category?.trim().toLowerCase();
  return { outcome: "emergency", category: redFlagCategories.find((category) => category === named) ?? OTHER_ACUTE };
}
