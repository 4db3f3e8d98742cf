import type { Auth } from "../../server/auth/auth";
import type { Language } from "../../shared/values";
import { sameOriginFetch } from "./api";

// better-auth's endpoints are mounted beside the typed routes (src/server/app.ts), so they are not in AppType and
// hc cannot reach them. This file is their one home on the web: each path and body is checked against
// better-auth's own endpoint types, so a renamed endpoint or a changed body fails tsc here.

type AuthApi = Auth["api"];
type AuthEndpoint =
  | "signUpEmail"
  | "signInEmail"
  | "signOut"
  | "getSession"
  | "requestPasswordReset"
  | "resetPassword"
  | "sendVerificationEmail"
  | "confirmEmail";
type BodyOf<E extends AuthEndpoint> = NonNullable<Parameters<AuthApi[E]>[0]> extends { body?: infer Body } ? Body : never;

const authPaths = {
  signUpEmail: "/sign-up/email",
  signInEmail: "/sign-in/email",
  signOut: "/sign-out",
  getSession: "/get-session",
  requestPasswordReset: "/request-password-reset",
  resetPassword: "/reset-password",
  sendVerificationEmail: "/send-verification-email",
  confirmEmail: "/confirm-email",
} as const satisfies { [E in AuthEndpoint]: AuthApi[E]["path"] };

/** What each endpoint this app posts to takes; sign-up also carries the interface language (a field of our users). */
export type AuthBodies = {
  signUpEmail: BodyOf<"signUpEmail"> & { languageCode: Language };
  signInEmail: BodyOf<"signInEmail">;
  signOut: Record<string, never>;
  requestPasswordReset: BodyOf<"requestPasswordReset">;
  resetPassword: BodyOf<"resetPassword">;
  sendVerificationEmail: BodyOf<"sendVerificationEmail">;
  confirmEmail: BodyOf<"confirmEmail">;
};

const authUrl = (endpoint: AuthEndpoint) => `/api/auth${authPaths[endpoint]}`;

/** POSTs to one of better-auth's endpoints; the answer is awaited with `succeeded` like a typed call's. */
export function authPost<E extends keyof AuthBodies>(endpoint: E, body: AuthBodies[E]): Promise<Response> {
  return sameOriginFetch(authUrl(endpoint), {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
}

/** GET /api/auth/get-session: the signed-in user and session, or null. */
export function getSession(): Promise<Response> {
  return sameOriginFetch(authUrl("getSession"));
}
