import { useQuery } from "@tanstack/react-query";
import { passwordPolicySchema } from "../../shared/schemas/password-policy";
import { siteConfigSchema } from "../../shared/schemas/site-config";
import { api } from "../lib/api";

export const passwordPolicyQueryKey = ["password-policy"] as const;

export function usePasswordPolicy() {
  return useQuery({
    queryKey: passwordPolicyQueryKey,
    queryFn: async () => passwordPolicySchema.parse(await api<unknown>("/api/password-policy")),
    staleTime: 60 * 60_000,
  });
}

export function useSiteConfig() {
  return useQuery({
    queryKey: ["site-config"],
    queryFn: async () => siteConfigSchema.parse(await api<unknown>("/api/site-config")),
    staleTime: 60 * 60_000,
  });
}
