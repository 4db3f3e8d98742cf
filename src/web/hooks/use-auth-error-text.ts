import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { ApiError, hasErrorCode } from "../lib/api";
import { errorTextKey } from "../lib/error-messages";
import { passwordPolicyQueryKey } from "./use-public-config";

/** The catalogue message for an auth error; a rejected password also refetches the policy (spec section 8). */
export function useAuthErrorText() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return (cause: unknown): string => {
    // A `forbidden-origin` refusal names the address to use instead, when the server has one configured.
    if (cause instanceof ApiError && cause.publicUrl) return t("errors.wrongAddress", { url: cause.publicUrl });
    if (hasErrorCode(cause, "weak-password")) void queryClient.invalidateQueries({ queryKey: passwordPolicyQueryKey });
    return t(errorTextKey(cause));
  };
}
