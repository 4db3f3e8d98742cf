import { dictionary } from "@zxcvbn-ts/language-common";

/**
 * The most common passwords, ranked by frequency in public breach corpora
 * (the list bundled with @zxcvbn-ts/language-common, ~49,000 entries).
 */
export function loadCommonPasswords(size: number): ReadonlySet<string> {
  const ranked = (dictionary as Record<string, string[]>)["passwords-common"] ?? [];
  if (size > 0 && ranked.length < Math.min(size, 3000)) {
    throw new Error("The bundled common-password list is missing or too short");
  }
  return new Set(ranked.slice(0, size).map((word) => word.toLowerCase()));
}

export function isCommonPassword(password: string, list: ReadonlySet<string>): boolean {
  return list.has(password.toLowerCase());
}
