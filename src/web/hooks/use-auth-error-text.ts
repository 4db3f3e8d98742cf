import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { brokenPasswordRules, type PasswordPolicy } from "../../shared/schemas/password-policy";
import { ruleText } from "../components/PasswordRules";
import { ApiError, hasErrorCode } from "../lib/api";
import { errorTextKey } from "../lib/error-messages";
import { passwordPolicyQueryKey } from "./use-public-config";

/**
 * The catalogue message for an auth error; a rejected password also refetches the policy (spec section 8), and the
 * message says which rules `password` breaks, or that it is too common when it breaks none of them.
 */
export function useAuthErrorText() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return (cause: unknown, password?: string): string => {
    // A `forbidden-origin` refusal names the address to use instead, when the server has one configured.
    if (cause instanceof ApiError && cause.publicUrl) return t("errors.wrongAddress", { url: cause.publicUrl });
    const text = t(errorTextKey(cause));
    if (!hasErrorCode(cause, "weak-password")) return text;
    const policy = queryClient.getQueryData<PasswordPolicy>(passwordPolicyQueryKey);
    void queryClient.invalidateQueries({ queryKey: passwordPolicyQueryKey });
    if (!policy || password === undefined) return text;
    const broken = brokenPasswordRules(password, policy);
    if (broken.length > 0) return `${text} ${t("auth.weakNeeds", { rules: broken.map((rule) => ruleText(t, rule, policy)).join(", ") })}`;
    return policy.rejectsCommonPasswords ? `${text} ${t("auth.weakCommon")}` : text;
  };
}
