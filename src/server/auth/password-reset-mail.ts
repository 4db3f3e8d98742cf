import { normalizeEmail } from "../../shared/email";
import { COMMAND_LINE_ACTOR, OPERATOR_EMAILS_ACTOR, recordAudit } from "../audit/audit-log";
import type { Database } from "../db/client";
import { markPasswordSetByLink } from "../db/queries/operators";
import { clearSignInFailures } from "../db/queries/sign-in-failures";
import { isOperator } from "../http/operator";
import type { Logger } from "../logger";
import type { AccountMailSender } from "./account-mails";
import { resetPageLink } from "./reset-links";

interface PasswordResetDeps {
  db: Database;
  logger: Logger;
  operatorEmails: readonly string[];
  sendAccountMail: AccountMailSender;
}

/**
 * better-auth's password-reset callbacks: the mail links to our own reset page, and a new password lifts the
 * failed-sign-in lock on the address. Set through the mailed link on a confirmed address, it is the mailbox
 * owner's: that starts a granted operator role (audited).
 */
export function passwordResetMail({ db, logger, operatorEmails, sendAccountMail }: PasswordResetDeps) {
  return {
    sendResetPassword: async ({ user, url, token }: { user: { id: string; email: string }; url: string; token: string }) => {
      await sendAccountMail({ kind: "reset-password", user, link: resetPageLink(url, token) });
    },
    onPasswordReset: async ({ user }: { user: { id: string; email: string } }) => {
      await clearSignInFailures({ db, email: normalizeEmail(user.email) });
      const before = await markPasswordSetByLink({ db, userId: user.id });
      if (!before || isOperator(operatorEmails, before)) return;
      if (!isOperator(operatorEmails, { ...before, passwordSetByLinkAt: new Date() })) return;
      const listed = operatorEmails.includes(normalizeEmail(before.email));
      const event = {
        action: "operator-verified" as const,
        actorLabel: listed ? OPERATOR_EMAILS_ACTOR : COMMAND_LINE_ACTOR,
        targetUserId: before.id,
        targetLabel: before.email,
      };
      await recordAudit({ db, logger, event });
    },
  };
}
