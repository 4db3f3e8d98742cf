import { useQuery } from "@tanstack/react-query";
import { api } from "../lib/api";
import { asPasswordPolicy, asSiteConfig } from "../lib/wire-schemas";

export const passwordPolicyQueryKey = ["password-policy"] as const;

export function usePasswordPolicy() {
  return useQuery({
    queryKey: passwordPolicyQueryKey,
    queryFn: async () => asPasswordPolicy(await api<unknown>("/api/password-policy")),
    staleTime: 60 * 60_000,
  });
}

export function useSiteConfig() {
  return useQuery({
    queryKey: ["site-config"],
    queryFn: async () => asSiteConfig(await api<unknown>("/api/site-config")),
    staleTime: 60 * 60_000,
  });
}
