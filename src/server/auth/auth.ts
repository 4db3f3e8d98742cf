import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware, createEmailVerificationToken } from "better-auth/api";
import { languageSchema } from "../../shared/schemas/profile";
import { OPERATOR_EMAILS_ACTOR, recordAudit } from "../audit/audit-log";
import type { Database } from "../db/client";
import { getAccountRole } from "../db/queries/operators";
import { saveLanguage } from "../db/queries/profiles";
import { isDisabledUser } from "../db/queries/users";
import * as schema from "../db/schema";
import { type Env, publicUrl } from "../env";
import { isOperator } from "../http/operator";
import type { Logger } from "../logger";
import type { Mailer } from "../mail/mailer";
import { endSessionPastAbsoluteAge } from "./absolute-session-age";
import { accountMailSender } from "./account-mails";
import { betterAuthLogger } from "./auth-log";
import { hashPassword, verifyPassword } from "./password-hash";
import { passwordPolicyFromEnv } from "./password-policy";
import { passwordResetMail } from "./password-reset-mail";
import { authRequestGuards, CLIENT_IP_HEADER } from "./request-guards";

interface AuthDeps {
  env: Env;
  db: Database;
  secret: string;
  mailer: Mailer;
  logger: Logger;
}

export function createAuth({ env, db, secret, mailer, logger }: AuthDeps) {
  const policy = passwordPolicyFromEnv(env);
  const guards = authRequestGuards({ env, db });
  // Without PUBLIC_URL, better-auth takes the base URL from each request (the address it was sent to), so
  // sign-up works from 127.0.0.1 or a LAN address alike; links in mails then point where the user came from.
  const fixedBaseURL = env.PUBLIC_URL ? publicUrl(env) : undefined;
  const sendAccountMail = accountMailSender({ env, db, mailer, logger });
  // The confirmation link lands on our own page, which says whether it worked (better-auth appends ?error=…).
  const verifyLink = (authUrl: string, token: string) =>
    `${new URL(authUrl).origin}/api/auth/verify-email?token=${encodeURIComponent(token)}&callbackURL=${encodeURIComponent("/email-verified")}`;

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
      ...passwordResetMail({ db, sendAccountMail }),
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
      enabled: env.RATE_LIMITS === "on",
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
        await guards.before(ctx);
      }),
      after: createAuthMiddleware(async (ctx) => {
        await guards.after(ctx);
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
