import { type FormEvent, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSignIn } from "../hooks/use-auth-actions";
import { useAuthErrorText } from "../hooks/use-auth-error-text";
import { useModalDialog } from "../hooks/use-modal-dialog";
import { useProfile } from "../hooks/use-profile";
import type { TextKey } from "../lib/error-messages";
import { FormAlert } from "./FormAlert";
import { PasswordInput } from "./PasswordInput";
import styles from "./ReauthDialog.module.css";

interface Props {
  open: boolean;
  onSignedIn: () => void;
  onCancel: () => void;
  /** Why a fresh sign-in is needed here; gets the account's `email`. */
  textKey: TextKey;
}

/** Asks for the password again (a fresh sign-in): for exports, prompt changes and "Download my data". */
export function ReauthDialog({ open, onSignedIn, onCancel, textKey }: Props) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  const email = useProfile().data?.email ?? "";
  const signIn = useSignIn();
  const errorText = useAuthErrorText();
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  useModalDialog(ref, open);

  const reset = () => {
    setPassword("");
    setError(null);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!password) return setError(t("validation.passwordRequired"));
    setError(null);
    signIn.mutate(
      { email, password },
      {
        onSuccess: () => {
          reset();
          onSignedIn();
        },
        onError: (cause) => setError(errorText(cause)),
      },
    );
  };
  const cancel = () => {
    reset();
    onCancel();
  };

  return (
    <dialog ref={ref} className="dialog" aria-labelledby={`${id}-title`} aria-describedby={`${id}-text`} onClose={cancel}>
      <form onSubmit={submit} noValidate className={styles.form}>
        <h2 id={`${id}-title`}>{t("reauth.title")}</h2>
        <p id={`${id}-text`}>{t(textKey, { email })}</p>
        {/* The account's name for password managers, which fill the password of the right account. */}
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <FormAlert kind="error">{error}</FormAlert>
        <PasswordInput label={t("auth.password")} value={password} onChange={setPassword} autoComplete="current-password" />
        <div className="dialog-actions">
          <button type="button" className="button button-secondary" onClick={cancel}>
            {t("reauth.cancel")}
          </button>
          <button type="submit" className="button button-primary" disabled={signIn.isPending}>
            {t("reauth.submit")}
          </button>
        </div>
      </form>
    </dialog>
  );
}
