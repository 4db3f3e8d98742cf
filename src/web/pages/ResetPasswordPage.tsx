import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { AuthFormPage } from "../components/AuthFormPage";
import { FormAlert } from "../components/FormAlert";
import { NewPasswordFields } from "../components/NewPasswordFields";
import { useResetPassword } from "../hooks/use-auth-actions";
import { useAuthErrorText } from "../hooks/use-auth-error-text";
import { validateNewPassword } from "../lib/form-validation";

export function ResetPasswordPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const errorText = useAuthErrorText();
  const reset = useResetPassword();
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [error, setError] = useState<string | null>(token ? null : t("auth.resetMissingToken"));

  const submit = () => {
    const problem = validateNewPassword({ password, confirm });
    if (problem) return setError(t(problem));
    setError(null);
    reset.mutate(
      { token, newPassword: password },
      {
        // An unknown, used or expired link (`invalid-token`) has its own text in the shared table.
        onError: (cause) => setError(errorText(cause, password)),
      },
    );
  };

  if (reset.isSuccess) {
    return (
      <AuthFormPage title={t("auth.resetTitle")}>
        <FormAlert kind="success">{t("auth.resetDone")}</FormAlert>
        <Link to="/signIn" className="button button-primary button-block">
          {t("common.signIn")}
        </Link>
      </AuthFormPage>
    );
  }
  return (
    <AuthFormPage title={t("auth.resetTitle")} onSubmit={submit} error={error}>
      <NewPasswordFields
        label={t("auth.newPassword")}
        confirmLabel={t("auth.confirmPassword")}
        password={password}
        confirm={confirm}
        onPasswordChange={setPassword}
        onConfirmChange={setConfirm}
      />
      <button type="submit" className="button button-primary button-block" disabled={!token || reset.isPending}>
        {t("auth.resetSubmit")}
      </button>
    </AuthFormPage>
  );
}
