import { normalizeEmail } from "../../shared/email";
import type { Database } from "../db/client";
import { clearSignInFailures } from "../db/queries/sign-in-failures";
import type { AccountMailSender } from "./account-mails";

/**
 * better-auth's password-reset callbacks: the mail links to our own reset page (not better-auth's endpoint), and a
 * new password lifts the failed-sign-in lock on the address.
 */
export function passwordResetMail({ db, sendAccountMail }: { db: Database; sendAccountMail: AccountMailSender }) {
  return {
    sendResetPassword: async ({ user, url, token }: { user: { id: string; email: string }; url: string; token: string }) => {
      const link = `${new URL(url).origin}/reset-password?token=${encodeURIComponent(token)}`;
      await sendAccountMail({ kind: "reset-password", user, link });
    },
    onPasswordReset: async ({ user }: { user: { email: string } }) => {
      await clearSignInFailures({ db, email: normalizeEmail(user.email) });
    },
  };
}
