import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware, createEmailVerificationToken } from "better-auth/api";
import { brokenPasswordRules } from "../../shared/schemas/password-policy";
import { languageSchema } from "../../shared/schemas/profile";
import { OPERATOR_EMAILS_ACTOR, recordAudit } from "../audit/audit-log";
import type { Database } from "../db/client";
import { getAccountRole } from "../db/queries/operators";
import { saveLanguage } from "../db/queries/profiles";
import { clearSignInFailures, recordSignInFailure, signInLockSeconds } from "../db/queries/sign-in-failures";
import { isDisabledEmail } from "../db/queries/users";
import * as schema from "../db/schema";
import { type Env, publicUrl } from "../env";
import { isOperator } from "../http/operator";
import { containsNul } from "../http/parse-json";
import type { Logger } from "../logger";
import type { Mailer } from "../mail/mailer";
import { accountMailSender } from "./account-mails";
import { isCommonPassword, loadCommonPasswords } from "./common-passwords";
import { hashPassword, verifyPassword } from "./password-hash";
import { passwordPolicyFromEnv } from "./password-policy";

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
  const baseURL = publicUrl(env);
  const sendAccountMail = accountMailSender({ env, db, mailer, logger });
  // The confirmation link lands on our own page, which says whether it worked (better-auth appends ?error=…).
  const verifyLink = (token: string) =>
    `${baseURL}/api/auth/verify-email?token=${encodeURIComponent(token)}&callbackURL=${encodeURIComponent("/email-verified")}`;

  const assertStrongPassword = (password: unknown) => {
    if (typeof password !== "string") return;
    if (brokenPasswordRules(password, policy).length > 0 || isCommonPassword(password, commonPasswords)) throw weakPassword();
  };

  return betterAuth({
    appName: env.SITE_NAME,
    baseURL,
    basePath: "/api/auth",
    secret,
    trustedOrigins: [baseURL],
    telemetry: { enabled: false },
    // Route better-auth's own log lines through our JSON logger so LOG_LEVEL applies to them too.
    logger: {
      disabled: env.LOG_LEVEL === "silent",
      level: env.LOG_LEVEL === "silent" ? "error" : env.LOG_LEVEL,
      log: (level, message, ...args) => {
        const details =
          level === "error" && args.length > 0 ? { details: args.map((arg) => (arg instanceof Error ? arg.message : String(arg))) } : {};
        logger[level](`better-auth: ${message}`, details);
      },
    },
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
      sendResetPassword: async ({ user, token }) => {
        await sendAccountMail({ kind: "reset-password", user, link: `${baseURL}/reset-password?token=${encodeURIComponent(token)}` });
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
      sendVerificationEmail: async ({ user, token }) => {
        await sendAccountMail({ kind: "verify-email", user, link: verifyLink(token) });
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
      defaultCookieAttributes: { sameSite: "lax", httpOnly: true },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
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
        if (ctx.path === "/sign-in/email" && (await isDisabledEmail({ db, email: normalizeEmail(ctx.body?.email) }))) {
          throw new APIError("FORBIDDEN", { code: "USER_DISABLED", message: "This user has been disabled." });
        }
        if (ctx.path === "/sign-in/email" && throttled) {
          const wait = await signInLockSeconds({
            db,
            email: normalizeEmail(ctx.body?.email),
            windowSeconds: env.FAILED_SIGN_IN_WINDOW_SECONDS,
            maxFailures: env.FAILED_SIGN_IN_MAX,
          });
          if (wait > 0) {
            throw new APIError(
              "TOO_MANY_REQUESTS",
              { code: "TOO_MANY_FAILED_SIGN_INS", message: "Too many failed sign-ins." },
              { "Retry-After": String(wait) },
            );
          }
        }
      }),
      after: createAuthMiddleware(async (ctx) => {
        if (ctx.path === "/sign-in/email") {
          const email = normalizeEmail(ctx.body?.email);
          const returned = ctx.context.returned;
          if (returned instanceof APIError && returned.status === "UNAUTHORIZED") {
            await recordSignInFailure({ db, email, windowSeconds: env.FAILED_SIGN_IN_WINDOW_SECONDS });
          } else if (ctx.context.newSession) {
            await clearSignInFailures({ db, email });
          }
        }
        if (ctx.path === "/sign-up/email" && ctx.context.newSession) {
          const { user } = ctx.context.newSession;
          const language = languageSchema.safeParse(ctx.body?.languageCode);
          await saveLanguage({ db, userId: user.id, languageCode: language.success ? language.data : "en" });
          const token = await createEmailVerificationToken(ctx.context.secret, user.email, undefined, env.VERIFICATION_TOKEN_TTL_SECONDS, {
            userId: user.id,
          });
          await sendAccountMail({ kind: "verify-email", user, link: verifyLink(token) });
        }
      }),
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
