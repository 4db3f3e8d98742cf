import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import type { DateRange } from "../../shared/schemas/research";
import { AppBar } from "../components/AppBar";
import { FormAlert } from "../components/FormAlert";
import { LoadingScreen } from "../components/LoadingScreen";
import { AuditLog } from "../components/operator/AuditLog";
import { ChartsSection } from "../components/operator/ChartsSection";
import { DateRangeForm } from "../components/operator/DateRangeForm";
import { DislikedReplies } from "../components/operator/DislikedReplies";
import { rangeFromSearch } from "../components/operator/date-range";
import { ExportButtons } from "../components/operator/ExportButtons";
import styles from "../components/operator/operator.module.css";
import { PromptEditor } from "../components/operator/PromptEditor";
import { UserAdmin } from "../components/operator/UserAdmin";
import { useProfile } from "../hooks/use-profile";
import { addOperatorTexts } from "../i18n/operator";

addOperatorTexts();

const sections = ["stats", "disliked", "exports", "users", "prompts", "audit"] as const;

/** The research dashboard at /operator: operators only; everyone else sees that there is no such page. */
export function OperatorPage() {
  const { t } = useTranslation();
  const profile = useProfile();
  if (profile.isPending) return <LoadingScreen />;
  if (profile.isError) {
    return (
      <Frame>
        <h1>{t("operator.title")}</h1>
        <FormAlert kind="error">{t("operator.loadError")}</FormAlert>
      </Frame>
    );
  }
  if (!profile.data.isOperator) {
    return (
      <Frame>
        <h1>{t("operator.notFoundTitle")}</h1>
        <p>{t("operator.notFoundText")}</p>
        <Link to="/" className="button button-primary">
          {t("errors.goHome")}
        </Link>
      </Frame>
    );
  }
  return <Dashboard />;
}

function Frame({ children }: { children: ReactNode }) {
  return (
    <>
      <AppBar />
      <main id="main" className="page narrow">
        {children}
      </main>
    </>
  );
}

function Dashboard() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const range = rangeFromSearch(search);
  const apply = (next: DateRange) => setSearch({ from: next.from, to: next.to }, { replace: true });
  return (
    <>
      <AppBar />
      <main id="main" className={`${styles.operatorPage} page`}>
        <h1>{t("operator.title")}</h1>
        <p className="muted">{t("operator.lead")}</p>
        <nav aria-label={t("operator.sectionsNav")} className={styles.sectionNav}>
          {sections.map((section) => (
            <a key={section} href={`#${section}`}>
              {t(`operator.sections.${section}`)}
            </a>
          ))}
        </nav>
        <DateRangeForm key={`${range.from}-${range.to}`} range={range} onApply={apply} />
        <section id="stats" aria-labelledby="stats-heading" className={styles.operatorSection}>
          <h2 id="stats-heading">{t("operator.sections.stats")}</h2>
          <ChartsSection range={range} />
        </section>
        <section id="disliked" aria-labelledby="disliked-heading" className={styles.operatorSection}>
          <h2 id="disliked-heading">{t("operator.sections.disliked")}</h2>
          <DislikedReplies range={range} />
        </section>
        <section id="exports" aria-labelledby="exports-heading" className={`${styles.operatorSection} card`}>
          <h2 id="exports-heading">{t("operator.sections.exports")}</h2>
          <ExportButtons range={range} />
        </section>
        <section id="users" aria-labelledby="users-heading" className={`${styles.operatorSection} card`}>
          <h2 id="users-heading">{t("operator.sections.users")}</h2>
          <UserAdmin />
        </section>
        <section id="prompts" aria-labelledby="prompts-heading" className={styles.operatorSection}>
          <h2 id="prompts-heading">{t("operator.sections.prompts")}</h2>
          <PromptEditor />
        </section>
        <section id="audit" aria-labelledby="audit-heading" className={styles.operatorSection}>
          <h2 id="audit-heading">{t("operator.sections.audit")}</h2>
          <AuditLog range={range} />
        </section>
      </main>
    </>
  );
}
