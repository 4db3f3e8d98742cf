import type { ReactNode } from "react";
import { useSession } from "../hooks/use-session";
import { LandingPage } from "../pages/LandingPage";
import { LoadingScreen } from "./LoadingScreen";

/** The login guard: the logo while the session resolves, the landing page when signed out. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { data: session, isPending } = useSession();
  if (isPending) return <LoadingScreen />;
  if (!session) return <LandingPage />;
  return children;
}
