import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { AccountSessions } from "../components/AccountSessions";
import { AppBar } from "../components/AppBar";
import { ConfirmDialog } from "../components/ConfirmDialog";
import { DeleteAllChats } from "../components/DeleteAllChats";
import { DisplaySettingsFields } from "../components/DisplaySettingsFields";
import { FormAlert } from "../components/FormAlert";
import { LanguageSelect } from "../components/LanguageSelect";
import { ReauthDialog } from "../components/ReauthDialog";
import { useDownloadMyData } from "../hooks/use-account-sessions";
import { useDeleteAccount, useSignOut } from "../hooks/use-auth-actions";
import { useProfile } from "../hooks/use-profile";
import { useSiteConfig } from "../hooks/use-public-config";
import { ReauthCancelled, useRecentLogin } from "../hooks/use-recent-login";
import { useSession } from "../hooks/use-session";
import { errorTextKey, type ScreenErrorTexts } from "../lib/error-messages";
import styles from "./AccountPage.module.css";
import type { FarewellState } from "./LandingPage";

const deleteErrorTexts: ScreenErrorTexts = {
  byCode: { "requires-recent-login": "account.recentLoginRequired" },
  otherwise: "account.genericError",
};

export function AccountPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: session } = useSession();
  const { data: site } = useSiteConfig();
  const { data: profile } = useProfile();
  const signOut = useSignOut();
  const deleteAccount = useDeleteAccount();
  const [confirming, setConfirming] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const reauth = useRecentLogin();
  const downloadData = useDownloadMyData(reauth.withRecentLogin);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const startDownload = () => {
    if (downloadData.isPending) return;
    setDownloadError(null);
    downloadData.mutate(undefined, {
      onError: (cause) => setDownloadError(cause instanceof ReauthCancelled ? null : t("account.downloadFailed")),
    });
  };

  // Not mutate()'s callbacks: they never run once the cleared session has swapped this page for the landing page.
  const farewell = (state: FarewellState, replace = false) => navigate("/", { replace, state });
  const confirmDelete = () =>
    deleteAccount.mutateAsync().then(
      () => farewell({ farewell: "accountDeleted" }, true),
      (cause) => setDeleteError(t(errorTextKey(cause, deleteErrorTexts))),
    );
  const logOut = () =>
    signOut
      .mutateAsync()
      .catch((error: unknown) => console.error("Sign-out failed", error))
      .then(() => farewell({ farewell: "signedOut" }));

  return (
    <>
      <AppBar />
      <main id="main" className="page narrow">
        <h1>{t("account.title")}</h1>
        {session && <p className="muted">{t("account.signedInAs", { email: session.user.email })}</p>}

        <section className="card" aria-labelledby="settings-heading">
          <h2 id="settings-heading">{t("account.settings")}</h2>
          <LanguageSelect />
          <DisplaySettingsFields />
          <button type="button" className="button button-secondary" onClick={logOut}>
            {t("common.logout")}
          </button>
        </section>

        <AccountSessions />

        {profile?.isOperator && (
          <section className="card" aria-labelledby="research-heading">
            <h2 id="research-heading">{t("account.researchTitle")}</h2>
            <p>{t("account.researchText")}</p>
            <Link to="/operator" className="button button-secondary">
              {t("common.researchDashboard")}
            </Link>
          </section>
        )}

        <section className="card" aria-labelledby="data-heading">
          <h2 id="data-heading">{t("account.management")}</h2>
          <dl className={styles.dataList}>
            <dt>{t("account.dataStored")}</dt>
            <dd>{t("account.dataStoredText")}</dd>
            <dt>{t("account.dataUsage")}</dt>
            <dd>{t("account.dataUsageText")}</dd>
            <dt>{t("account.dataDeletion")}</dt>
            <dd>{t("account.dataDeletionText")}</dd>
            <dt>{t("account.yourData")}</dt>
            <dd>
              <FormAlert kind="error">{downloadError}</FormAlert>
              <button type="button" className="button button-secondary" aria-busy={downloadData.isPending} onClick={startDownload}>
                {t("account.downloadData")}
              </button>
            </dd>
            {site?.privacyContactEmail && (
              <>
                <dt>{t("account.contact")}</dt>
                <dd>
                  <a href={`mailto:${site.privacyContactEmail}`} className="text-link">
                    {site.privacyContactEmail}
                  </a>
                </dd>
              </>
            )}
          </dl>
        </section>

        <section className={`card ${styles.dangerZone}`} aria-labelledby="danger-heading">
          <h2 id="danger-heading">{t("account.dangerZone")}</h2>
          <div className={styles.dangerAction}>
            <DeleteAllChats />
          </div>
          <div className={styles.dangerAction}>
            <p>{t("account.deleteAccountText")}</p>
            <button
              type="button"
              className="button button-danger"
              onClick={() => {
                setDeleteError(null);
                setConfirming(true);
              }}
            >
              {t("account.deleteAccount")}
            </button>
          </div>
        </section>

        <Link to="/" className="button button-secondary">
          {t("common.return")}
        </Link>

        <ReauthDialog {...reauth.dialog} textKey="account.downloadReauthText" />
        <ConfirmDialog
          open={confirming}
          title={t("account.confirmDeleteTitle")}
          text={t("account.confirmDeleteText")}
          error={deleteError}
          busy={deleteAccount.isPending}
          onConfirm={confirmDelete}
          onClose={() => setConfirming(false)}
        />
      </main>
    </>
  );
}
