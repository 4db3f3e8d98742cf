import { APIError } from "better-auth/api";
import type { Database } from "../db/client";
import { claimSignInSlot, clearSignInDelay, type DelayRule, recordWrongPassword } from "../db/queries/sign-in-delays";
import { clearSignInAttempts, countSignInAttempt, uncountSignInAttempt } from "../db/queries/sign-in-failures";
import type { Env } from "../env";
import { addressKey } from "../http/address-key";

interface SignInThrottleRules extends DelayRule {
  /** Attempts for one e-mail from one address, within windowSeconds, before that address is refused. */
  maxFailures: number;
}

export const signInThrottleRules = (env: Env): SignInThrottleRules => ({
  maxFailures: env.FAILED_SIGN_IN_MAX,
  windowSeconds: env.FAILED_SIGN_IN_WINDOW_SECONDS,
  delayAfter: env.FAILED_SIGN_IN_DELAY_AFTER,
  maxDelaySeconds: env.FAILED_SIGN_IN_MAX_DELAY_SECONDS,
});

interface SignInAttempt {
  email: string;
  /** What the attempt is counted under: the client's address key, or `device:NONCE` for a known device. */
  address: string;
  /** It showed a device cookie signed for this e-mail (device-cookie.ts). */
  knownDevice: boolean;
}

/**
 * One sign-in attempt; requests without a known address share one counter. An attempt from a known device is
 * counted against that device only, wherever it comes from.
 */
export const signInAttempt = (email: string, address: string | null | undefined, deviceNonce?: string): SignInAttempt =>
  deviceNonce
    ? { email, address: `device:${deviceNonce}`, knownDevice: true }
    : { email, address: address ? addressKey(address) : "unknown", knownDevice: false };

const tooManyFailedSignIns = (retryAfterSeconds: number) =>
  new APIError(
    "TOO_MANY_REQUESTS",
    { code: "TOO_MANY_FAILED_SIGN_INS", message: "Too many failed sign-ins." },
    { "Retry-After": String(retryAfterSeconds) },
  );

/**
 * Before the password is checked; throws 429 with Retry-After to refuse. Counts the attempt for (e-mail, address)
 * first, so parallel attempts cannot pass that limit; then the e-mail's delay (one attempt per delay past enough
 * failures), taking a refused attempt back from the address's count. A known device skips the e-mail's delay but
 * has its own lock (docs/security.md).
 */
export async function admitSignIn({ db, rules, attempt }: { db: Database; rules: SignInThrottleRules; attempt: SignInAttempt }) {
  const { email, address } = attempt;
  const counted = await countSignInAttempt({ db, email, address, windowSeconds: rules.windowSeconds, maxFailures: rules.maxFailures });
  if (counted.failures > rules.maxFailures) throw tooManyFailedSignIns(counted.retryAfterSeconds);
  if (attempt.knownDevice) return;
  const wait = await claimSignInSlot({ db, email, rule: rules });
  if (wait > 0) {
    await uncountSignInAttempt({ db, email, address });
    throw tooManyFailedSignIns(wait);
  }
}

type SignInOutcome = "signed-in" | "wrong-password" | "other";

/** What better-auth's answer means here: its 401 is a wrong password (or an unknown e-mail, alike on purpose). */
export function signInOutcome({ returned, signedIn }: { returned: unknown; signedIn: boolean }): SignInOutcome {
  if (signedIn) return "signed-in";
  return returned instanceof APIError && returned.status === "UNAUTHORIZED" ? "wrong-password" : "other";
}

/**
 * After better-auth answered an admitted attempt. A wrong password counts against the e-mail (its attempt
 * already counts for the address), unless it came from a known device, whose own count is all it adds to;
 * a new session clears the address's (or device's) count and the e-mail's delay.
 * Anything else (a disabled account, a malformed request) stays counted for the address only.
 */
export async function settleSignIn({
  db,
  rules,
  attempt,
  outcome,
}: {
  db: Database;
  rules: SignInThrottleRules;
  attempt: SignInAttempt;
  outcome: SignInOutcome;
}) {
  if (outcome === "wrong-password" && !attempt.knownDevice) await recordWrongPassword({ db, email: attempt.email, rule: rules });
  if (outcome === "signed-in") {
    await clearSignInAttempts({ db, email: attempt.email, address: attempt.address });
    await clearSignInDelay({ db, email: attempt.email });
  }
}
