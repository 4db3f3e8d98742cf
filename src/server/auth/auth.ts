import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware } from "better-auth/api";
import type { Database } from "../db/client";
import { isDisabledUser } from "../db/queries/users";
import * as schema from "../db/schema";
import { type Env, publicUrl } from "../env";
import { mailLinkHosts } from "../http/listen-addresses";
import type { Logger } from "../logger";
import type { Mailer } from "../mail/mailer";
import { endSessionPastAbsoluteAge } from "./absolute-session-age";
import { accountMailSender } from "./account-mails";
import { betterAuthLogger } from "./auth-log";
import { confirmPageLink, emailConfirmation } from "./email-confirmation";
import { hashPassword, verifyPassword } from "./password-hash";
import { passwordPolicyFromEnv } from "./password-policy";
import { passwordResetMail } from "./password-reset-mail";
import { authRequestGuards, CLIENT_IP_HEADER } from "./request-guards";
import { finishSignUp } from "./sign-up";

interface AuthDeps {
  env: Env;
  db: Database;
  secret: string;
  mailer: Mailer;
  logger: Logger;
}

export function createAuth({ env, db, secret, mailer, logger }: AuthDeps) {
  const policy = passwordPolicyFromEnv(env);
  const secureCookies = env.PUBLIC_URL?.startsWith("https://") ?? false;
  const guards = authRequestGuards({ env, db, secret, secureCookies });
  // Without PUBLIC_URL, better-auth takes the base URL from each request (the address it was sent to), so
  // sign-up works from 127.0.0.1 or a LAN address alike; links in mails then point where the user came from.
  // Only to the addresses the server printed at start, though: a request naming any other host (its Host, or
  // X-Forwarded-Host behind TRUST_PROXY) is refused, or anyone could have mail link to their own site.
  const fixedBaseURL = env.PUBLIC_URL ? publicUrl(env) : undefined;
  const baseURL = fixedBaseURL ?? { allowedHosts: mailLinkHosts({ host: env.HOST, port: env.PORT }), protocol: "auto" as const };
  const sendAccountMail = accountMailSender({ env, db, mailer, logger });
  const operatorEmails = env.OPERATOR_EMAILS;

  return betterAuth({
    appName: env.SITE_NAME,
    baseURL,
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
      // Off, so that better-auth answers a sign-up with a registered address as it answers a new one; a new
      // account is signed in by finishSignUp (hooks.after below).
      autoSignIn: false,
      minPasswordLength: policy.minLength,
      maxPasswordLength: policy.maxLength,
      password: { hash: hashPassword, verify: verifyPassword },
      resetPasswordTokenExpiresIn: env.RESET_TOKEN_TTL_SECONDS,
      revokeSessionsOnPasswordReset: true,
      ...passwordResetMail({ db, logger, operatorEmails, sendAccountMail }),
    },
    // Optional for the public (the spec's sign-up goes straight on), required for the operator role.
    emailVerification: {
      // Sent by the sign-up hook below instead, once the user's language is saved.
      sendOnSignUp: false,
      expiresIn: env.VERIFICATION_TOKEN_TTL_SECONDS,
      sendVerificationEmail: async ({ user, url, token }) => {
        await sendAccountMail({ kind: "verify-email", user, link: confirmPageLink(url, token) });
      },
    },
    // POST /confirm-email, instead of GET /verify-email (not exposed: a mail scanner's GET would confirm).
    plugins: [emailConfirmation({ db, operatorEmails, sendAccountMail })],
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
      // Behind a trusted proxy, the address the user typed arrives in X-Forwarded-Host/-Proto; with PUBLIC_URL
      // set, that is the address and nothing a request says counts.
      trustedProxyHeaders: env.TRUST_PROXY && !fixedBaseURL,
      // Secure cookies follow PUBLIC_URL's scheme; without it the app is reached over plain http (a LAN
      // address, 127.0.0.1), where a browser would drop them, so set PUBLIC_URL=https://… in production.
      useSecureCookies: fixedBaseURL?.startsWith("https://") ?? false,
      defaultCookieAttributes: { sameSite: "lax", httpOnly: true },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        await endSessionPastAbsoluteAge(ctx, { db, maxAgeSeconds: env.SESSION_ABSOLUTE_MAX_AGE_SECONDS });
        await guards.before(ctx);
        // Changing the password signs out every other session (better-auth keeps them unless asked).
        if (ctx.path === "/change-password") return { context: { body: { ...ctx.body, revokeOtherSessions: true } } };
      }),
      after: createAuthMiddleware(async (ctx) => {
        await guards.after(ctx);
        if (ctx.path === "/sign-up/email") {
          const verificationTtlSeconds = env.VERIFICATION_TOKEN_TTL_SECONDS;
          await finishSignUp(ctx, { db, sendAccountMail, verificationTtlSeconds, confirmLink: confirmPageLink });
        }
      }),
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
