import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { AppBar } from "../components/AppBar";
import { DeleteAllChats } from "../components/DeleteAllChats";
import { PublicHeader } from "../components/PublicHeader";
import { useSiteConfig } from "../hooks/use-public-config";
import { useSession } from "../hooks/use-session";

/** The public privacy notice; it describes exactly what the server stores. */
export function PrivacyPage() {
  const { t } = useTranslation();
  const { data: session } = useSession();
  const { data: site } = useSiteConfig();
  return (
    <>
      {session ? <AppBar /> : <PublicHeader />}
      <main id="main" className="page narrow prose">
        <h1>{t("privacy.title")}</h1>
        <section>
          <h2>{t("privacy.protectionTitle")}</h2>
          <p>{t("privacy.protectionText")}</p>
        </section>
        <section>
          <h2>{t("privacy.storedTitle")}</h2>
          <ul>
            <li>{t("privacy.storedChats")}</li>
            <li>{t("privacy.storedAccount")}</li>
            <li>{t("privacy.storedProtection")}</li>
          </ul>
        </section>
        <section>
          <h2>{t("privacy.usageTitle")}</h2>
          <ul>
            <li>{site?.redactsPersonalData === false ? t("privacy.usageServiceUnredacted") : t("privacy.usageService")}</li>
            <li>{t("privacy.usageImprovement")}</li>
          </ul>
        </section>
        <section>
          <h2>{t("privacy.dictationTitle")}</h2>
          <p>{t("privacy.dictationText")}</p>
        </section>
        <section>
          <h2>{t("privacy.deletionTitle")}</h2>
          <p>{t("privacy.deletionText")}</p>
        </section>
        <section>
          <h2>{t("privacy.contactTitle")}</h2>
          <p>{site?.privacyContactEmail ? t("privacy.contactText", { email: site.privacyContactEmail }) : t("privacy.contactFallback")}</p>
        </section>
        {session && (
          <section className="card">
            <DeleteAllChats />
          </section>
        )}
        {!session && (
          <Link to="/" className="button button-secondary">
            {t("common.return")}
          </Link>
        )}
      </main>
    </>
  );
}
