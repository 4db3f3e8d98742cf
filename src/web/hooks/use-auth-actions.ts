import { useMutation, useQueryClient } from "@tanstack/react-query";
import { currentLanguage } from "../i18n";
import { client, succeeded } from "../lib/api";
import { authPost } from "../lib/auth-client";
import { sessionQueryKey } from "./use-session";

interface Credentials {
  email: string;
  password: string;
}

export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ email, password }: Credentials) =>
      succeeded(authPost("signUpEmail", { email: email.trim(), password, name: "", languageCode: currentLanguage() })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
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

/** Sends the e-mail confirmation link again; it leads back to /email-verified. */
export function useResendVerification() {
  return useMutation({
    mutationFn: (email: string) => succeeded(authPost("sendVerificationEmail", { email, callbackURL: "/email-verified" })),
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: ({ token, newPassword }: { token: string; newPassword: string }) =>
      succeeded(authPost("resetPassword", { token, newPassword })),
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
