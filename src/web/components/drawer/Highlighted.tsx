/** `text` with each occurrence of `search` (any case) marked, as the history search found it; plain text otherwise. */
export function Highlighted({ text, search }: { text: string; search: string }) {
  const words = search.replace(/\s+/g, " ").trim();
  if (!words) return text;
  // One capturing group: split keeps the matches, at the odd places.
  const parts = text.split(new RegExp(`(${words.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")})`, "giu"));
  return parts.map((part, i) => (i % 2 === 1 ? <mark key={`${i}-${part}`}>{part}</mark> : part));
}
