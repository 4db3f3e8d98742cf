import * as z from "zod/mini";

/** The part of better-auth's GET /api/auth/get-session answer the web app uses. */
export const sessionSchema = z.nullable(
  z.object({
    user: z.object({ id: z.string(), email: z.string(), emailVerified: z.optional(z.boolean()) }),
    session: z.object({ createdAt: z.coerce.date(), expiresAt: z.coerce.date() }),
  }),
);
export type SessionData = z.infer<typeof sessionSchema>;

/** POST /api/auth/confirm-email's answer: whether an operator's role still waits for a password set by mailed link. */
export const emailConfirmedSchema = z.object({ confirmed: z.literal(true), operatorPasswordPending: z.boolean() });

/** One of the user's sessions on the account page (GET /api/account/sessions): never its token. */
export const accountSessionSchema = z.object({
  id: z.string(),
  createdAt: z.coerce.date(),
  /** Last refreshed by better-auth (at most a day behind the last use), or created. */
  lastActiveAt: z.coerce.date(),
  browser: z.nullable(z.string()),
  system: z.nullable(z.string()),
  current: z.boolean(),
});
export const accountSessionsSchema = z.array(accountSessionSchema);
export type AccountSession = z.infer<typeof accountSessionSchema>;
