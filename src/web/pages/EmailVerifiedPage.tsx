import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { FormAlert } from "../components/FormAlert";
import { PublicHeader } from "../components/PublicHeader";
import { useRefreshProfile } from "../hooks/use-profile";

/**
 * Where the confirmation link lands (/email-verified, public: the link may be opened in a browser that is not
 * signed in). The server adds ?error=INVALID_TOKEN, TOKEN_EXPIRED or USER_NOT_FOUND when it did not work.
 */
export function EmailVerifiedPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const failed = params.has("error");
  const refreshProfile = useRefreshProfile();
  useEffect(() => {
    // The profile is otherwise kept for the whole session: reload it so the reminder banner goes.
    if (!failed) void refreshProfile();
  }, [failed, refreshProfile]);

  return (
    <div className="auth-layout">
      <PublicHeader />
      <main id="main" className="page narrow">
        <h1>{t(failed ? "verifyEmail.failedTitle" : "verifyEmail.confirmedTitle")}</h1>
        <div className="card form">
          {failed ? (
            <>
              <FormAlert kind="error">{t("verifyEmail.invalid")}</FormAlert>
              <p className="verify-page-text">{t("verifyEmail.askAgain")}</p>
            </>
          ) : (
            <FormAlert kind="success">{t("verifyEmail.confirmed")}</FormAlert>
          )}
          <Link to="/" className="button button-primary button-block">
            {t("verifyEmail.toChat")}
          </Link>
        </div>
      </main>
    </div>
  );
}
