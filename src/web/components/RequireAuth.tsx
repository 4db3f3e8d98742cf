import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useSession } from "../hooks/use-session";
import { isServiceUnavailable } from "../lib/api";
import { LandingPage } from "../pages/LandingPage";
import { LoadingScreen } from "./LoadingScreen";
import { Logo } from "./Logo";

/**
 * The login guard: the logo while the session resolves, the landing page when signed out, and a notice while
 * the server cannot reach its database (the session is unknown then, not gone; the check keeps retrying).
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { data: session, isPending, error, failureReason } = useSession();
  if (!session && isServiceUnavailable(error ?? failureReason)) {
    return (
      <div className="loading-screen" role="alert">
        <Logo size={72} />
        <p>{t("errors.serviceUnavailable")}</p>
      </div>
    );
  }
  if (isPending) return <LoadingScreen />;
  if (!session) return <LandingPage />;
  return children;
}
