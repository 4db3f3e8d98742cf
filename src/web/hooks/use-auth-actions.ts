import { useMutation, useQueryClient } from "@tanstack/react-query";
import { currentLanguage } from "../i18n";
import { api } from "../lib/api";
import { sessionQueryKey } from "./use-session";

interface Credentials {
  email: string;
  password: string;
}

export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ email, password }: Credentials) =>
      api("/api/auth/sign-up/email", {
        method: "POST",
        body: { email: email.trim(), password, name: "", languageCode: currentLanguage() },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
  });
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ email, password }: Credentials) =>
      api("/api/auth/sign-in/email", { method: "POST", body: { email: email.trim(), password } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
  });
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api("/api/auth/sign-out", { method: "POST", body: {} }),
    onSettled: () => {
      queryClient.setQueryData(sessionQueryKey, null);
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== "session" && query.queryKey[0] !== "site-config" });
    },
  });
}

export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (email: string) => api("/api/auth/request-password-reset", { method: "POST", body: { email: email.trim() } }),
  });
}

/** Sends the e-mail confirmation link again; it leads back to /email-verified. */
export function useResendVerification() {
  return useMutation({
    mutationFn: (email: string) =>
      api("/api/auth/send-verification-email", { method: "POST", body: { email, callbackURL: "/email-verified" } }),
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: ({ token, newPassword }: { token: string; newPassword: string }) =>
      api("/api/auth/reset-password", { method: "POST", body: { token, newPassword } }),
  });
}

export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api("/api/account", { method: "DELETE" }),
    onSuccess: () => {
      queryClient.setQueryData(sessionQueryKey, null);
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== "session" });
    },
  });
}
