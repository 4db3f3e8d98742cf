import { useTranslation } from "react-i18next";
import { Logo } from "./Logo";

export function LoadingScreen() {
  const { t } = useTranslation();
  return (
    <div className="loading-screen" role="status" aria-live="polite">
      <Logo size={72} />
      <p>{t("common.loading")}</p>
    </div>
  );
}
