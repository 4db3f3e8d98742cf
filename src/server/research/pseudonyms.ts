import { createHmac, randomBytes } from "node:crypto";

/**
 * A pseudonym per user that is stable within one export (or one dashboard answer) and unlinkable across
 * exports: an HMAC of the user id under a key made for this export and then forgotten.
 */
export function createPseudonyms(): (userId: string) => string {
  const key = randomBytes(32);
  return (userId) => `p-${createHmac("sha256", key).update(userId).digest("hex").slice(0, 12)}`;
}
