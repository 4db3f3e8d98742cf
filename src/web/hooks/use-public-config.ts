import { useQuery } from "@tanstack/react-query";
import { passwordPolicySchema } from "../../shared/schemas/password-policy";
import { siteConfigSchema } from "../../shared/schemas/site-config";
import { answer, client } from "../lib/api";

export const passwordPolicyQueryKey = ["password-policy"] as const;

export function usePasswordPolicy() {
  return useQuery({
    queryKey: passwordPolicyQueryKey,
    queryFn: () => answer(client.api["password-policy"].$get(), passwordPolicySchema),
    staleTime: 60 * 60_000,
  });
}

/** The site's texts, links and emergency numbers; fetched at start (main.tsx), as every screen names the number. */
export const siteConfigQuery = {
  queryKey: ["site-config"],
  queryFn: () => answer(client.api["site-config"].$get(), siteConfigSchema),
  staleTime: 60 * 60_000,
};

export function useSiteConfig() {
  return useQuery(siteConfigQuery);
}
