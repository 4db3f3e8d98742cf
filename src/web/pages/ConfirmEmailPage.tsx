import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { AuthFormPage } from "../components/AuthFormPage";
import { FormAlert } from "../components/FormAlert";
import { useConfirmEmail } from "../hooks/use-auth-actions";
import { hasErrorCode } from "../lib/api";
import { errorTextKey, type ScreenErrorTexts } from "../lib/error-messages";
import styles from "./ConfirmEmailPage.module.css";

const confirmErrorTexts: ScreenErrorTexts = { byCode: { "invalid-token": "verifyEmail.invalid", "bad-request": "verifyEmail.invalid" } };

/**
 * Where the mailed confirmation link lands (/confirm-email?token=…, public: it may open in a browser that is not
 * signed in). Opening it confirms nothing, so a mail scanner fetching the link cannot; the button posts the token.
 */
export function ConfirmEmailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const confirm = useConfirmEmail();
  const invalid = !token || hasErrorCode(confirm.error, "invalid-token") || hasErrorCode(confirm.error, "bad-request");

  if (confirm.data) {
    return (
      <AuthFormPage title={t("verifyEmail.confirmedTitle")}>
        <FormAlert kind="success">{t("verifyEmail.confirmed")}</FormAlert>
        <p className={styles.verifyPageText}>{t("verifyEmail.signedOut")}</p>
        {confirm.data.operatorPasswordPending && <p className={styles.verifyPageText}>{t("verifyEmail.operatorPassword")}</p>}
        <Link to="/signIn" className="button button-primary button-block">
          {t("common.signIn")}
        </Link>
      </AuthFormPage>
    );
  }
  if (invalid) {
    return (
      <AuthFormPage title={t("verifyEmail.failedTitle")}>
        <FormAlert kind="error">{t("verifyEmail.invalid")}</FormAlert>
        <p className={styles.verifyPageText}>{t("verifyEmail.askAgain")}</p>
        <Link to="/" className="button button-primary button-block">
          {t("verifyEmail.toChat")}
        </Link>
      </AuthFormPage>
    );
  }
  return (
    <AuthFormPage
      title={t("verifyEmail.confirmTitle")}
      onSubmit={() => confirm.mutate(token)}
      error={confirm.error ? t(errorTextKey(confirm.error, confirmErrorTexts)) : null}
    >
      <p className={styles.verifyPageText}>{t("verifyEmail.confirmIntro")}</p>
      <p className={styles.verifyPageText}>{t("verifyEmail.confirmNotYou")}</p>
      <button type="submit" className="button button-primary button-block" disabled={confirm.isPending}>
        {t("verifyEmail.confirmButton")}
      </button>
    </AuthFormPage>
  );
}
