import * as z from "zod/mini";

/** The part of better-auth's GET /api/auth/get-session answer the web app uses. */
export const sessionSchema = z.nullable(
  z.object({
    user: z.object({ id: z.string(), email: z.string() }),
    session: z.object({ createdAt: z.coerce.date(), expiresAt: z.coerce.date() }),
  }),
);
export type SessionData = z.infer<typeof sessionSchema>;
