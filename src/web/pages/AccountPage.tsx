import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { AppBar } from "../components/AppBar";
import { ConfirmDialog } from "../components/ConfirmDialog";
import { DeleteAllChats } from "../components/DeleteAllChats";
import { LanguageSelect } from "../components/LanguageSelect";
import { useDeleteAccount, useSignOut } from "../hooks/use-auth-actions";
import { useProfile } from "../hooks/use-profile";
import { useSiteConfig } from "../hooks/use-public-config";
import { useSession } from "../hooks/use-session";
import { client } from "../lib/api";
import { errorTextKey, type ScreenErrorTexts } from "../lib/error-messages";

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

  const confirmDelete = () =>
    deleteAccount.mutate(undefined, {
      onSuccess: () => navigate("/", { replace: true }),
      onError: (cause) => setDeleteError(t(errorTextKey(cause, deleteErrorTexts))),
    });

  return (
    <>
      <AppBar />
      <main id="main" className="page narrow">
        <h1>{t("account.title")}</h1>
        {session && <p className="muted">{t("account.signedInAs", { email: session.user.email })}</p>}

        <section className="card" aria-labelledby="settings-heading">
          <h2 id="settings-heading">{t("account.settings")}</h2>
          <LanguageSelect />
          <button
            type="button"
            className="button button-secondary"
            onClick={() => signOut.mutate(undefined, { onSettled: () => navigate("/") })}
          >
            {t("common.logout")}
          </button>
        </section>

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
          <dl className="data-list">
            <dt>{t("account.dataStored")}</dt>
            <dd>{t("account.dataStoredText")}</dd>
            <dt>{t("account.dataUsage")}</dt>
            <dd>{t("account.dataUsageText")}</dd>
            <dt>{t("account.dataDeletion")}</dt>
            <dd>{t("account.dataDeletionText")}</dd>
            <dt>{t("account.yourData")}</dt>
            <dd>
              <a href={client.api.account.export.$path()} download className="button button-secondary">
                {t("account.downloadData")}
              </a>
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

        <section className="card danger-zone" aria-labelledby="danger-heading">
          <h2 id="danger-heading">{t("account.dangerZone")}</h2>
          <div className="danger-action">
            <DeleteAllChats />
          </div>
          <div className="danger-action">
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
