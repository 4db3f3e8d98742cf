import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware, createEmailVerificationToken } from "better-auth/api";
import { brokenPasswordRules } from "../../shared/schemas/password-policy";
import { languageSchema } from "../../shared/schemas/profile";
import { OPERATOR_EMAILS_ACTOR, recordAudit } from "../audit/audit-log";
import type { Database } from "../db/client";
import { getAccountRole } from "../db/queries/operators";
import { saveLanguage } from "../db/queries/profiles";
import { clearSignInFailures } from "../db/queries/sign-in-failures";
import { isDisabledUser } from "../db/queries/users";
import * as schema from "../db/schema";
import { type Env, publicUrl } from "../env";
import { isOperator } from "../http/operator";
import { containsNul } from "../http/parse-json";
import type { Logger } from "../logger";
import type { Mailer } from "../mail/mailer";
import { endSessionPastAbsoluteAge } from "./absolute-session-age";
import { accountMailSender } from "./account-mails";
import { betterAuthLogger } from "./auth-log";
import { isCommonPassword, loadCommonPasswords } from "./common-passwords";
import { hashPassword, verifyPassword } from "./password-hash";
import { passwordPolicyFromEnv } from "./password-policy";
import { admitSignIn, settleSignIn, signInAttempt, signInOutcome, signInThrottleRules } from "./sign-in-throttle";

/** The header our own middleware sets to the client address; any incoming copy is overwritten. */
export const CLIENT_IP_HEADER = "x-health-chat-client-ip";

export interface AuthDeps {
  env: Env;
  db: Database;
  secret: string;
  mailer: Mailer;
  logger: Logger;
}

const weakPassword = () => new APIError("BAD_REQUEST", { code: "WEAK_PASSWORD", message: "Password is too weak." });
/** RFC 5321's limit; longer ones are not deliverable, and would overflow the index on `sign_in_failures.email`. */
const MAX_EMAIL_LENGTH = 254;
/** Where better-auth may redirect to; such a URL ends up in a Location header, which takes only ASCII. */
const urlFields = ["callbackURL", "redirectTo", "newUserCallbackURL", "errorCallbackURL"];
const isAsciiUrl = (value: unknown) => typeof value !== "string" || /^[\x21-\x7e]*$/.test(value);
const normalizeEmail = (value: unknown) => (typeof value === "string" ? value.trim().toLowerCase() : "");

export function createAuth({ env, db, secret, mailer, logger }: AuthDeps) {
  const policy = passwordPolicyFromEnv(env);
  const commonPasswords = loadCommonPasswords(policy.rejectsCommonPasswords ? env.PASSWORD_COMMON_LIST_SIZE : 0);
  const throttled = env.RATE_LIMITS === "on";
  const throttleRules = signInThrottleRules(env);
  // Without PUBLIC_URL, better-auth takes the base URL from each request (the address it was sent to), so
  // sign-up works from 127.0.0.1 or a LAN address alike; links in mails then point where the user came from.
  const fixedBaseURL = env.PUBLIC_URL ? publicUrl(env) : undefined;
  const sendAccountMail = accountMailSender({ env, db, mailer, logger });
  // The confirmation link lands on our own page, which says whether it worked (better-auth appends ?error=…).
  const verifyLink = (authUrl: string, token: string) =>
    `${new URL(authUrl).origin}/api/auth/verify-email?token=${encodeURIComponent(token)}&callbackURL=${encodeURIComponent("/email-verified")}`;

  const assertStrongPassword = (password: unknown) => {
    if (typeof password !== "string") return;
    if (brokenPasswordRules(password, policy).length > 0 || isCommonPassword(password, commonPasswords)) throw weakPassword();
  };

  return betterAuth({
    appName: env.SITE_NAME,
    baseURL: fixedBaseURL,
    basePath: "/api/auth",
    secret,
    trustedOrigins: fixedBaseURL ? [fixedBaseURL] : [],
    telemetry: { enabled: false },
    logger: betterAuthLogger({ level: env.LOG_LEVEL, logger }),
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: {
        user: schema.users,
        session: schema.sessions,
        account: schema.accounts,
        verification: schema.verifications,
        rateLimit: schema.rateLimits,
      },
    }),
    emailAndPassword: {
      enabled: true,
      autoSignIn: true,
      minPasswordLength: policy.minLength,
      maxPasswordLength: policy.maxLength,
      password: { hash: hashPassword, verify: verifyPassword },
      resetPasswordTokenExpiresIn: env.RESET_TOKEN_TTL_SECONDS,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, url, token }) => {
        const link = `${new URL(url).origin}/reset-password?token=${encodeURIComponent(token)}`;
        await sendAccountMail({ kind: "reset-password", user, link });
      },
      onPasswordReset: async ({ user }) => {
        await clearSignInFailures({ db, email: normalizeEmail(user.email) });
      },
    },
    // Optional for the public (the spec's sign-up goes straight on), required for the operator role.
    emailVerification: {
      // Sent by the sign-up hook below instead, once the user's language is saved.
      sendOnSignUp: false,
      expiresIn: env.VERIFICATION_TOKEN_TTL_SECONDS,
      sendVerificationEmail: async ({ user, url, token }) => {
        await sendAccountMail({ kind: "verify-email", user, link: verifyLink(url, token) });
      },
      afterEmailVerification: async (user) => {
        const account = await getAccountRole({ db, userId: user.id });
        if (!isOperator(env.OPERATOR_EMAILS, account)) return;
        const event = {
          action: "operator-verified" as const,
          actorLabel: OPERATOR_EMAILS_ACTOR,
          targetUserId: user.id,
          targetLabel: user.email,
        };
        await recordAudit({ db, logger, event });
      },
    },
    user: { deleteUser: { enabled: false } },
    // Checked only once the password is right (sign-in creates the session after verifying it), so a wrong
    // password gets the same answer whether the account is disabled, enabled or does not exist.
    databaseHooks: {
      session: {
        create: {
          before: async (session) => {
            if (await isDisabledUser({ db, userId: session.userId })) {
              throw new APIError("FORBIDDEN", { code: "USER_DISABLED", message: "This user has been disabled." });
            }
          },
        },
      },
    },
    verification: { storeIdentifier: "hashed" },
    session: {
      expiresIn: env.SESSION_MAX_AGE_SECONDS,
      freshAge: env.RECENT_LOGIN_SECONDS,
    },
    rateLimit: {
      enabled: throttled,
      storage: "database",
      window: env.RATE_LIMIT_WINDOW_SECONDS,
      max: env.RATE_LIMIT_MAX,
      customRules: {
        "/sign-in/email": { window: env.RATE_LIMIT_WINDOW_SECONDS, max: env.SIGN_IN_RATE_LIMIT_MAX },
        "/sign-up/email": { window: env.RATE_LIMIT_WINDOW_SECONDS, max: env.SIGN_UP_RATE_LIMIT_MAX },
        "/request-password-reset": { window: env.RATE_LIMIT_WINDOW_SECONDS, max: env.PASSWORD_RESET_RATE_LIMIT_MAX },
        "/send-verification-email": { window: env.RATE_LIMIT_WINDOW_SECONDS, max: env.PASSWORD_RESET_RATE_LIMIT_MAX },
        "/get-session": false,
      },
    },
    advanced: {
      // better-auth turns its Origin/CSRF checks off when NODE_ENV=test (or TEST is set); keep them on everywhere.
      disableOriginCheck: false,
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      // Behind a trusted proxy, the address the user typed arrives in X-Forwarded-Host/-Proto.
      trustedProxyHeaders: env.TRUST_PROXY,
      // Secure cookies follow PUBLIC_URL's scheme; without it the app is reached over plain http (a LAN
      // address, 127.0.0.1), where a browser would drop them, so set PUBLIC_URL=https://… in production.
      useSecureCookies: fixedBaseURL?.startsWith("https://") ?? false,
      defaultCookieAttributes: { sameSite: "lax", httpOnly: true },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        await endSessionPastAbsoluteAge(ctx, { db, maxAgeSeconds: env.SESSION_ABSOLUTE_MAX_AGE_SECONDS });
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
        const email = normalizeEmail(ctx.body?.email);
        if (ctx.path === "/sign-in/email" && throttled && email) {
          await admitSignIn({ db, rules: throttleRules, attempt: signInAttempt(email, ctx.headers?.get(CLIENT_IP_HEADER)) });
        }
      }),
      after: createAuthMiddleware(async (ctx) => {
        const email = normalizeEmail(ctx.body?.email);
        if (ctx.path === "/sign-in/email" && throttled && email) {
          const outcome = signInOutcome({ returned: ctx.context.returned, signedIn: Boolean(ctx.context.newSession) });
          await settleSignIn({ db, rules: throttleRules, attempt: signInAttempt(email, ctx.headers?.get(CLIENT_IP_HEADER)), outcome });
        }
        if (ctx.path === "/sign-up/email" && ctx.context.newSession) {
          const { user } = ctx.context.newSession;
          const language = languageSchema.safeParse(ctx.body?.languageCode);
          await saveLanguage({ db, userId: user.id, languageCode: language.success ? language.data : "en" });
          const token = await createEmailVerificationToken(ctx.context.secret, user.email, undefined, env.VERIFICATION_TOKEN_TTL_SECONDS, {
            userId: user.id,
          });
          await sendAccountMail({ kind: "verify-email", user, link: verifyLink(ctx.context.baseURL, token) });
        }
      }),
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
