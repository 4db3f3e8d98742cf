import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthEndpoint } from "better-auth/api";
import { verifyJWT } from "better-auth/crypto";
import { z } from "zod";
import type { Database } from "../db/client";
import { getAccountRole } from "../db/queries/operators";
import { confirmEmailAddress } from "../db/queries/users";
import { awaitsOperatorPassword } from "../http/operator";
import type { AccountMailSender } from "./account-mails";
import { issueResetLink } from "./reset-links";

interface EmailConfirmationDeps {
  db: Database;
  operatorEmails: readonly string[];
  sendAccountMail: AccountMailSender;
}

/** What our confirmation tokens carry (better-auth's createEmailVerificationToken, always bound to the user's id). */
const tokenPayload = z.object({ email: z.string(), userId: z.string(), updateTo: z.undefined().optional() });
const invalidToken = () => new APIError("BAD_REQUEST", { code: "INVALID_TOKEN", message: "Invalid token" });

/** The confirmation link in the mail: a page of the web app, whose button posts the token (a GET confirms nothing). */
export const confirmPageLink = (baseURL: string, token: string) =>
  `${new URL(baseURL).origin}/confirm-email?token=${encodeURIComponent(token)}`;

/**
 * POST /api/auth/confirm-email { token }: confirms the address, replacing better-auth's GET /verify-email, which a
 * mail scanner fetching the link would trigger. Confirming ends every session of the account (so whoever signed
 * up with someone else's address is signed out), and for a granted operator mails the link that sets the
 * password the role waits for. Answers whether the role waits for it.
 */
export function emailConfirmation({ db, operatorEmails, sendAccountMail }: EmailConfirmationDeps) {
  return {
    id: "email-confirmation",
    endpoints: {
      confirmEmail: createAuthEndpoint("/confirm-email", { method: "POST", body: z.object({ token: z.string() }) }, async (ctx) => {
        const payload = tokenPayload.safeParse(await verifyJWT(ctx.body.token, ctx.context.secret));
        if (!payload.success) throw invalidToken();
        const user = await ctx.context.internalAdapter.findUserById(payload.data.userId);
        // A token made for an earlier account of this address (deleted since) names another id.
        if (!user || user.email.toLowerCase() !== payload.data.email.toLowerCase()) throw invalidToken();
        const newlyConfirmed = await confirmEmailAddress({ db, userId: user.id });
        const operatorPasswordPending = awaitsOperatorPassword(operatorEmails, await getAccountRole({ db, userId: user.id }));
        if (newlyConfirmed && operatorPasswordPending) {
          await sendAccountMail({ kind: "operator-password", user, link: await issueResetLink(ctx, user.id) });
        }
        return ctx.json({ confirmed: true, operatorPasswordPending });
      }),
    },
  } satisfies BetterAuthPlugin;
}
