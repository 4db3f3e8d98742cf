import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import styles from "./ErrorScreen.module.css";

/** The error screen for a page that failed to render or whose code failed to load: the spec's heading and the error's message, plus a way home. */
export function ErrorScreen({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const message = isChunkError(error) ? t("errors.chunkFailed") : error instanceof Error ? error.message : String(error);
  return <ErrorPage message={message} />;
}

function ErrorPage({ message }: { message: string }) {
  const { t } = useTranslation();
  return (
    <main className={`page narrow ${styles.errorScreen}`}>
      <h1>{t("errors.unexpectedTitle")}</h1>
      <p className={styles.errorMessage}>{message}</p>
      <Link to="/" className="button button-primary">
        {t("errors.goHome")}
      </Link>
    </main>
  );
}

function isChunkError(error: unknown) {
  return error instanceof TypeError && /dynamically imported module|Importing a module script failed/i.test(error.message);
}
