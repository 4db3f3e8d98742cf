/** Sampling of spec section 9: the same for replies and titles; titles are capped at 20 tokens. */
export const replySampling = {
  temperature: 0.2,
  top_p: 0.7,
  frequency_penalty: 0.5,
  presence_penalty: 0.4,
} as const;

export const titleSampling = { ...replySampling, max_tokens: 20 } as const;
/** The emergency check wants the same answer every time, and a JSON verdict needs only a few tokens. */
export const classifySampling = { temperature: 0, max_tokens: 100 } as const;

/** Titles are made after the 1st, 2nd, 4th, 8th … exchange: when the message count is a power of two. */
export function isTitleTurn(messageCount: number): boolean {
  return messageCount >= 2 && (messageCount & (messageCount - 1)) === 0;
}

/** Trims quotes, a "Title:" prefix and whitespace the model may add, and caps the length. */
export function cleanTitle(raw: string): string | null {
  const title = raw
    .replace(/^\s*(title|titel)\s*:\s*/i, "")
    .replace(/^["'„“”«»\s]+|["'„“”«».\s]+$/g, "")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 80);
  return title || null;
}
