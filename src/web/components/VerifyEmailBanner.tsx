import { useTranslation } from "react-i18next";
import { useResendVerification } from "../hooks/use-auth-actions";
import { useProfile, useRefreshProfile } from "../hooks/use-profile";
import { useSession } from "../hooks/use-session";
import { hasErrorCode } from "../lib/api";
import { errorTextKey, type ScreenErrorTexts } from "../lib/error-messages";
import styles from "./VerifyEmailBanner.module.css";

const resendErrorTexts: ScreenErrorTexts = { byCode: { "too-many-requests": "verifyEmail.tooMany" }, otherwise: "verifyEmail.failed" };

/** A quiet reminder for signed-in users who have not confirmed their e-mail yet, with a way to get the link again. */
export function VerifyEmailBanner() {
  const { t } = useTranslation();
  const refreshProfile = useRefreshProfile();
  const { data: session } = useSession();
  const profile = useProfile();
  const resend = useResendVerification();
  // The session already says it, so the banner is there with the page, not pushing it down once the profile loads.
  const user = profile.data ?? session?.user;
  if (user?.emailVerified !== false) return null;
  const { email } = user;

  // Not disabled while sending: a disabled button would drop the keyboard focus.
  const send = () => {
    if (resend.isPending) return;
    resend.mutate(email, {
      // Perhaps confirmed meanwhile (in another tab; the server then refuses with `bad-request`): the reloaded
      // profile says so, and the banner goes. Other refusals (too many requests, offline) change nothing there.
      onError: (error) => {
        if (hasErrorCode(error, "bad-request")) void refreshProfile();
      },
    });
  };
  const status = (): string => {
    if (resend.isSuccess) return t("verifyEmail.sent");
    if (!resend.isError) return "";
    return t(errorTextKey(resend.error, resendErrorTexts));
  };

  return (
    <aside className={styles.verifyBanner} aria-label={t("verifyEmail.label")}>
      <p>{t("verifyEmail.banner")}</p>
      <button type="button" className="button button-secondary" onClick={send} aria-busy={resend.isPending}>
        {t("verifyEmail.resend")}
      </button>
      {/* Always present, so that screen readers announce the answer when it appears. */}
      <p role="status" className={resend.isError ? `${styles.verifyBannerStatus} ${styles.error}` : styles.verifyBannerStatus}>
        {status()}
      </p>
    </aside>
  );
}
