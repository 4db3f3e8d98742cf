import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { AuthFormPage } from "../components/AuthFormPage";
import { FormAlert } from "../components/FormAlert";
import { PasswordInput } from "../components/PasswordInput";
import { TextField } from "../components/TextField";
import { useRequestPasswordReset, useSignIn } from "../hooks/use-auth-actions";
import { useAuthErrorText } from "../hooks/use-auth-error-text";
import { validateResetRequest, validateSignIn } from "../lib/form-validation";
import styles from "./SignInPage.module.css";

export function SignInPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signIn = useSignIn();
  const requestReset = useRequestPasswordReset();
  const errorText = useAuthErrorText();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const submit = () => {
    setNotice(null);
    const problem = validateSignIn({ email });
    if (problem) return setError(t(problem));
    setError(null);
    signIn.mutate({ email, password }, { onSuccess: () => navigate("/"), onError: (cause) => setError(errorText(cause)) });
  };

  const forgotPassword = () => {
    setNotice(null);
    const problem = validateResetRequest({ email });
    if (problem) return setError(t(problem));
    setError(null);
    requestReset.mutate(email, {
      onSuccess: () => setNotice(t("validation.resetEmailSent")),
      onError: (cause) => setError(errorText(cause)),
    });
  };

  return (
    <AuthFormPage title={t("auth.signInTitle")} onSubmit={submit} error={error}>
      <FormAlert kind="success">{notice}</FormAlert>
      <TextField label={t("auth.email")} type="email" autoComplete="email" value={email} onChange={setEmail} />
      <PasswordInput label={t("auth.password")} value={password} onChange={setPassword} autoComplete="current-password" />
      <button type="button" className={`button button-ghost ${styles.forgot}`} onClick={forgotPassword} disabled={requestReset.isPending}>
        {t("auth.forgotPassword")}
      </button>
      <button type="submit" className="button button-primary button-block" disabled={signIn.isPending}>
        {t("common.signIn")}
      </button>
      <Link to="/signUp" className="button button-secondary button-block">
        {t("auth.noAccount")}
      </Link>
    </AuthFormPage>
  );
}
