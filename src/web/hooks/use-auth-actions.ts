import { useMutation, useQueryClient } from "@tanstack/react-query";
import { emailConfirmedSchema } from "../../shared/schemas/session";
import { currentLanguage } from "../i18n";
import { answer, client, succeeded } from "../lib/api";
import { authPost } from "../lib/auth-client";
import { useRefreshProfile } from "./use-profile";
import { sessionQuery, sessionQueryKey } from "./use-session";

interface Credentials {
  email: string;
  password: string;
}

/**
 * Signs up; resolves to the new session, or to null when the server made none: it answers an address that has an
 * account exactly as a new one (so sign-up does not tell who has one), and mails that address's owner instead.
 */
export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ email, password }: Credentials) => {
      await succeeded(authPost("signUpEmail", { email: email.trim(), password, name: "", languageCode: currentLanguage() }));
      return queryClient.fetchQuery({ ...sessionQuery, staleTime: 0 });
    },
  });
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ email, password }: Credentials) => succeeded(authPost("signInEmail", { email: email.trim(), password })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
  });
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => succeeded(authPost("signOut", {})),
    onSettled: () => {
      queryClient.setQueryData(sessionQueryKey, null);
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== "session" && query.queryKey[0] !== "site-config" });
    },
  });
}

export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (email: string) => succeeded(authPost("requestPasswordReset", { email: email.trim() })),
  });
}

/** Sends the e-mail confirmation link again; it opens the confirmation page (/confirm-email). */
export function useResendVerification() {
  return useMutation({
    mutationFn: (email: string) => succeeded(authPost("sendVerificationEmail", { email })),
  });
}

/** Confirms the address with the mailed token; the server ends every session of that account, maybe this one. */
export function useConfirmEmail() {
  const queryClient = useQueryClient();
  const refreshProfile = useRefreshProfile();
  return useMutation({
    mutationFn: (token: string) => answer(authPost("confirmEmail", { token }), emailConfirmedSchema),
    // The profile is otherwise kept for the whole session: signed in again, the reminder banner must be gone.
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: sessionQueryKey }), refreshProfile()]),
  });
}

/** Sets a new password with the mailed token; the server ends every session of the account, maybe this one. */
export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ token, newPassword }: { token: string; newPassword: string }) =>
      succeeded(authPost("resetPassword", { token, newPassword })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
  });
}

export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => succeeded(client.api.account.$delete()),
    onSuccess: () => {
      queryClient.setQueryData(sessionQueryKey, null);
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== "session" });
    },
  });
}
