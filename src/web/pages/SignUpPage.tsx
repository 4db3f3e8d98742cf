import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { AuthFormPage } from "../components/AuthFormPage";
import { FormAlert } from "../components/FormAlert";
import { NewPasswordFields } from "../components/NewPasswordFields";
import { TextField } from "../components/TextField";
import { useSignUp } from "../hooks/use-auth-actions";
import { useAuthErrorText } from "../hooks/use-auth-error-text";
import { validateSignUp } from "../lib/form-validation";
import styles from "./SignUpPage.module.css";

export function SignUpPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const errorText = useAuthErrorText();
  const signUp = useSignUp();
  const privacyId = useId();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [acceptedPrivacy, setAcceptedPrivacy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [mailedTo, setMailedTo] = useState<string | null>(null);

  const submit = () => {
    const problem = validateSignUp({ email, password, confirm, acceptedPrivacy });
    if (problem) return setError(t(problem));
    setError(null);
    setMailedTo(null);
    signUp.mutate(
      { email, password },
      {
        // No session: the address has an account, whose owner the server has mailed (it answers as for a new one).
        onSuccess: (session) => (session ? navigate("/explanation") : setMailedTo(email.trim())),
        onError: (cause) => setError(errorText(cause, password)),
      },
    );
  };

  return (
    <AuthFormPage title={t("auth.signUpTitle")} onSubmit={submit} error={error}>
      <FormAlert kind="success">{mailedTo && t("auth.signUpCheckInbox", { email: mailedTo })}</FormAlert>
      <TextField label={t("auth.email")} type="email" autoComplete="email" value={email} onChange={setEmail} />
      <NewPasswordFields
        label={t("auth.password")}
        confirmLabel={t("auth.confirmPassword")}
        password={password}
        confirm={confirm}
        onPasswordChange={setPassword}
        onConfirmChange={setConfirm}
      />
      <div className={styles.checkboxField}>
        <input id={privacyId} type="checkbox" checked={acceptedPrivacy} onChange={(event) => setAcceptedPrivacy(event.target.checked)} />
        <label htmlFor={privacyId}>
          {t("auth.acceptPrivacyBefore")}{" "}
          <Link to="/datenschutzerklaerung" target="_blank">
            {t("auth.acceptPrivacyLink")}
          </Link>
          {t("auth.acceptPrivacyAfter")}
        </label>
      </div>
      <button type="submit" className="button button-primary button-block" disabled={signUp.isPending}>
        {t("auth.createAccount")}
      </button>
      <Link to="/signIn" className="button button-secondary button-block">
        {t("auth.haveAccount")}
      </Link>
    </AuthFormPage>
  );
}
