import type { Database } from "../db/client";
import { getProfile } from "../db/queries/profiles";
import type { Env } from "../env";
import { errorFields } from "../log-safe-error";
import type { Logger } from "../logger";
import { type AccountMailKind, accountMail } from "../mail/account-mail";
import type { Mailer } from "../mail/mailer";

/** Sends one account mail (a reset, confirmation or password link) to a user. */
export type AccountMailSender = (mail: { kind: AccountMailKind; user: { id: string; email: string }; link: string }) => Promise<void>;

interface AccountMailDeps {
  env: Env;
  db: Database;
  mailer: Mailer;
  logger: Logger;
}

/**
 * Sends reset and verification links in the user's language. Not awaited by the caller's answer: it must take
 * as long for unknown e-mails as for known ones. The link (a bearer token) reaches the log only in development,
 * where no SMTP server may be at hand.
 */
export function accountMailSender({ env, db, mailer, logger }: AccountMailDeps): AccountMailSender {
  const ttlSeconds: Record<AccountMailKind, number> = {
    "reset-password": env.RESET_TOKEN_TTL_SECONDS,
    "verify-email": env.VERIFICATION_TOKEN_TTL_SECONDS,
    "existing-account": env.RESET_TOKEN_TTL_SECONDS,
    "operator-password": env.RESET_TOKEN_TTL_SECONDS,
  };
  return async ({ kind, user, link }) => {
    const profile = await getProfile({ db, userId: user.id });
    const mail = accountMail({
      kind,
      to: user.email,
      link,
      language: profile?.languageCode ?? "en",
      ttlSeconds: ttlSeconds[kind],
      siteName: env.SITE_NAME,
    });
    if (env.NODE_ENV === "development") logger.info(`${kind} link (development only)`, { link });
    mailer.send(mail).catch((error: unknown) => logger.error(`sending the ${kind} e-mail failed`, { error: errorFields(error) }));
  };
}
