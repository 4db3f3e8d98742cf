import { APIError } from "better-auth/api";
import { normalizeEmail } from "../../shared/email";
import { brokenPasswordRules } from "../../shared/schemas/password-policy";
import type { Database } from "../db/client";
import type { Env } from "../env";
import { containsNul } from "../http/parse-json";
import { isCommonPassword, loadCommonPasswords } from "./common-passwords";
import { DEVICE_COOKIE_MAX_AGE_SECONDS, deviceCookieName, deviceNonceFor, renewedDeviceCookie } from "./device-cookie";
import { passwordPolicyFromEnv } from "./password-policy";
import { admitSignIn, settleSignIn, signInAttempt, signInOutcome, signInThrottleRules } from "./sign-in-throttle";

/** The header our own middleware sets to the client address; any incoming copy is overwritten. */
export const CLIENT_IP_HEADER = "x-health-chat-client-ip";

/** RFC 5321's limit; longer ones are not deliverable, and would overflow the index on `sign_in_failures.email`. */
const MAX_EMAIL_LENGTH = 254;
/** Where better-auth may redirect to; such a URL ends up in a Location header, which takes only ASCII. */
const urlFields = ["callbackURL", "redirectTo", "newUserCallbackURL", "errorCallbackURL"];
const isAsciiUrl = (value: unknown) => typeof value !== "string" || /^[\x21-\x7e]*$/.test(value);
const weakPassword = () => new APIError("BAD_REQUEST", { code: "WEAK_PASSWORD", message: "Password is too weak." });

/** What the guards read from better-auth's hook context. */
interface GuardContext {
  path: string;
  body?: Record<string, unknown>;
  query?: Record<string, unknown>;
  headers?: Headers;
  context: { returned?: unknown; newSession?: unknown };
  setCookie: (
    name: string,
    value: string,
    options: { httpOnly: boolean; secure: boolean; sameSite: "Lax"; path: string; maxAge: number },
  ) => unknown;
}

interface GuardDeps {
  env: Env;
  db: Database;
  /** The server's secret, which signs device cookies. */
  secret: string;
  /** Whether cookies are Secure (PUBLIC_URL is https). */
  secureCookies: boolean;
}

const emailOf = (ctx: GuardContext) => (typeof ctx.body?.email === "string" ? normalizeEmail(ctx.body.email) : "");

/**
 * The checks better-auth does not make, run around every auth endpoint (its hooks): input it would answer with a
 * 500 or pass to the database, the password rules on every new password, and the failed-sign-in lock.
 */
export function authRequestGuards({ env, db, secret, secureCookies }: GuardDeps) {
  const device = { secret, name: deviceCookieName(secureCookies) };
  const attemptOf = (ctx: GuardContext, email: string) => {
    const cookieHeader = ctx.headers?.get("cookie");
    return signInAttempt(email, ctx.headers?.get(CLIENT_IP_HEADER), deviceNonceFor(device, email, cookieHeader));
  };
  const policy = passwordPolicyFromEnv(env);
  const commonPasswords = loadCommonPasswords(policy.rejectsCommonPasswords ? env.PASSWORD_COMMON_LIST_SIZE : 0);
  const throttled = env.RATE_LIMITS === "on";
  const rules = signInThrottleRules(env);
  const assertStrongPassword = (password: unknown) => {
    if (typeof password !== "string") return;
    if (brokenPasswordRules(password, policy).length > 0 || isCommonPassword(password, commonPasswords)) throw weakPassword();
  };

  return {
    /** Before the endpoint runs: refuses bad input and weak passwords, and counts a sign-in against the lock. */
    before: async (ctx: GuardContext) => {
      // Refused before any query: PostgreSQL cannot store (or compare) NUL, and an over-long e-mail is invalid.
      if (containsNul(ctx.body) || containsNul(ctx.query)) {
        throw new APIError("BAD_REQUEST", { code: "INVALID_CHARACTERS", message: "The request must not contain NUL characters." });
      }
      if (typeof ctx.body?.email === "string" && ctx.body.email.trim().length > MAX_EMAIL_LENGTH) {
        throw new APIError("BAD_REQUEST", { code: "INVALID_EMAIL", message: "Invalid email" });
      }
      // Non-ASCII there (an emoji, a lone surrogate) made better-auth throw while building the redirect: a 500.
      if (urlFields.some((field) => !isAsciiUrl(ctx.body?.[field]) || !isAsciiUrl(ctx.query?.[field]))) {
        throw new APIError("BAD_REQUEST", { code: "INVALID_CALLBACK_URL", message: "Invalid callbackURL" });
      }
      if (ctx.path === "/sign-up/email") assertStrongPassword(ctx.body?.password);
      if (ctx.path === "/reset-password" || ctx.path === "/change-password") assertStrongPassword(ctx.body?.newPassword);
      // Counted before the password is checked, so parallel attempts cannot get past the limit.
      const email = emailOf(ctx);
      if (ctx.path === "/sign-in/email" && throttled && email) {
        await admitSignIn({ db, rules, attempt: attemptOf(ctx, email) });
      }
    },
    /**
     * After the endpoint: settles a sign-in attempt (a success clears the count, a wrong password adds to it), and
     * a success makes (or renews) the browser's device cookie for this e-mail.
     */
    after: async (ctx: GuardContext) => {
      const email = emailOf(ctx);
      if (ctx.path !== "/sign-in/email" || !email) return;
      const outcome = signInOutcome({ returned: ctx.context.returned, signedIn: Boolean(ctx.context.newSession) });
      if (throttled) await settleSignIn({ db, rules, attempt: attemptOf(ctx, email), outcome });
      if (outcome === "signed-in") {
        const value = renewedDeviceCookie(device, email, ctx.headers?.get("cookie"));
        const options = {
          httpOnly: true,
          secure: secureCookies,
          sameSite: "Lax",
          path: "/",
          maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS,
        } as const;
        ctx.setCookie(device.name, value, options);
      }
    },
  };
}
