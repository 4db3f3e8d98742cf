import { useTranslation } from "react-i18next";
import { isRouteErrorResponse, Link, useRouteError } from "react-router";

/** The router's error screen: the spec's heading and the error's message, plus a way home. */
export function ErrorScreen() {
  const { t } = useTranslation();
  const error = useRouteError();
  const message = isRouteErrorResponse(error)
    ? error.status === 404
      ? t("errors.notFound")
      : `${error.status} ${error.statusText}`
    : isChunkError(error)
      ? t("errors.chunkFailed")
      : error instanceof Error
        ? error.message
        : String(error);
  return (
    <main className="page narrow error-screen">
      <h1>{t("errors.unexpectedTitle")}</h1>
      <p className="error-message">{message}</p>
      <Link to="/" className="button button-primary">
        {t("errors.goHome")}
      </Link>
    </main>
  );
}

function isChunkError(error: unknown) {
  return error instanceof TypeError && /dynamically imported module|Importing a module script failed/i.test(error.message);
}
