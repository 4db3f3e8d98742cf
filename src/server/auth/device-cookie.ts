import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { cookieValues } from "../http/cookies";

// OWASP's device cookie (Slow down online guessing attacks with device cookies): after a successful sign-in the
// browser gets `nonce.signature`, the signature an HMAC of the e-mail and the nonce with the server's secret. An
// attempt that shows one for its e-mail is counted against that cookie alone, so failures elsewhere (an attacker's
// many addresses) do not delay the owner. One cookie holds the entries of the last few accounts used on the device.

/** How long a device stays known; each successful sign-in renews it. */
export const DEVICE_COOKIE_MAX_AGE_SECONDS = 180 * 24 * 60 * 60;
/** Accounts remembered per browser (shared family computers); the oldest entry goes first. */
const MAX_ENTRIES = 5;
const ENTRY_SEPARATOR = "~";

/** `__Host-` on https (Secure, Path=/, no Domain: no subdomain can set or overwrite it). */
export const deviceCookieName = (secure: boolean) => (secure ? "__Host-health-chat.device" : "health-chat.device");

const signature = (secret: string, email: string, nonce: string) =>
  createHmac("sha256", secret).update(`device-cookie\n${email}\n${nonce}`).digest("base64url");

const sameText = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

function entriesOf(cookieHeader: string | null | undefined, name: string): string[] {
  const [value] = cookieValues(cookieHeader ?? null, name);
  return value ? value.split(ENTRY_SEPARATOR).slice(0, MAX_ENTRIES) : [];
}

interface DeviceCookieKeys {
  secret: string;
  name: string;
}

/** The nonce of the request's device cookie entry that is signed for this e-mail, if there is one. */
export function deviceNonceFor({ secret, name }: DeviceCookieKeys, email: string, cookieHeader: string | null | undefined) {
  for (const entry of entriesOf(cookieHeader, name)) {
    const [nonce, signed, ...rest] = entry.split(".");
    if (nonce && signed && rest.length === 0 && sameText(signed, signature(secret, email, nonce))) return nonce;
  }
  return undefined;
}

/** The cookie's value after a successful sign-in: this e-mail's entry first (kept, or new), then the others. */
export function renewedDeviceCookie({ secret, name }: DeviceCookieKeys, email: string, cookieHeader: string | null | undefined) {
  const nonce = deviceNonceFor({ secret, name }, email, cookieHeader) ?? randomBytes(16).toString("base64url");
  const own = `${nonce}.${signature(secret, email, nonce)}`;
  const others = entriesOf(cookieHeader, name).filter((entry) => entry !== own && /^[\w-]+\.[\w-]+$/.test(entry));
  return [own, ...others].slice(0, MAX_ENTRIES).join(ENTRY_SEPARATOR);
}
