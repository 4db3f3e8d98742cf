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
  address: string;
}

/** One sign-in attempt; requests without a known address share one counter. */
export const signInAttempt = (email: string, address: string | null | undefined): SignInAttempt => ({
  email,
  address: address ? addressKey(address) : "unknown",
});

const tooManyFailedSignIns = (retryAfterSeconds: number) =>
  new APIError(
    "TOO_MANY_REQUESTS",
    { code: "TOO_MANY_FAILED_SIGN_INS", message: "Too many failed sign-ins." },
    { "Retry-After": String(retryAfterSeconds) },
  );

/**
 * Before the password is checked; throws 429 with Retry-After to refuse. First the attempt is counted for
 * (e-mail, address), so parallel attempts cannot pass the limit: past it, that address waits for the window to
 * end. Then the e-mail's delay: past enough failures from anywhere, one attempt per delay. An attempt the delay
 * refuses is taken back from the address's count, so the owner retrying too early does not lock themselves out.
 */
export async function admitSignIn({ db, rules, attempt }: { db: Database; rules: SignInThrottleRules; attempt: SignInAttempt }) {
  const counted = await countSignInAttempt({ db, ...attempt, windowSeconds: rules.windowSeconds, maxFailures: rules.maxFailures });
  if (counted.failures > rules.maxFailures) throw tooManyFailedSignIns(counted.retryAfterSeconds);
  const wait = await claimSignInSlot({ db, email: attempt.email, rule: rules });
  if (wait > 0) {
    await uncountSignInAttempt({ db, ...attempt });
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
 * already counts for the address); a new session clears the address's count and the e-mail's delay.
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
  if (outcome === "wrong-password") await recordWrongPassword({ db, email: attempt.email, rule: rules });
  if (outcome === "signed-in") {
    await clearSignInAttempts({ db, ...attempt });
    await clearSignInDelay({ db, email: attempt.email });
  }
}
