import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { ApiError, isServiceUnavailable } from "../lib/api";
import { authErrorCode } from "../lib/auth-error";
import { passwordPolicyQueryKey } from "./use-public-config";

/** The catalogue message for an auth error; a rejected password also refetches the policy (spec section 8). */
export function useAuthErrorText() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return (cause: unknown): string => {
    if (isServiceUnavailable(cause)) return t("errors.serviceUnavailable");
    if (cause instanceof ApiError && cause.code === "forbidden-origin") {
      return cause.publicUrl ? t("errors.wrongAddress", { url: cause.publicUrl }) : t("errors.crossSite");
    }
    const code = authErrorCode(cause);
    if (code === "weak-password") void queryClient.invalidateQueries({ queryKey: passwordPolicyQueryKey });
    return t(`authErrors.${code}`);
  };
}
