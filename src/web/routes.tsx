import { type ComponentType, Suspense } from "react";
import { Navigate, Route, Routes, useLocation, useParams } from "react-router";
import { AppShell } from "./AppShell";
import { DelayedLoadingScreen } from "./components/DelayedLoadingScreen";
import { PageErrorBoundary } from "./components/PageErrorBoundary";
import { RequireAuth } from "./components/RequireAuth";
import { useSession } from "./hooks/use-session";
import { preloadableLazy } from "./lib/preloadable-lazy";
import { LandingPage } from "./pages/LandingPage";
import { NotFoundPage } from "./pages/NotFoundPage";

/**
 * Loads a page on demand so each route ships only its own code. A guarded page's login check sits inside the
 * lazy part: its code then loads while the session is still being asked for, not after. `preload()` loads it
 * ahead; once loaded, the page renders at once.
 */
const page = (load: () => Promise<ComponentType>, guarded = false) =>
  preloadableLazy(() => load().then((Page) => (guarded ? withLoginGuard(Page) : Page)));

function withLoginGuard(Page: ComponentType): ComponentType {
  return () => (
    <RequireAuth>
      <Page />
    </RequireAuth>
  );
}

// The chunks keep their pages' module names: the server announces ChatPage's by it (src/server/web/route-preloads.ts).
const ChatPage = page(() => import("./pages/ChatPage").then((m) => m.ChatPage), true);
const SignUpPage = page(() => import("./pages/SignUpPage").then((m) => m.SignUpPage));
const SignInPage = page(() => import("./pages/SignInPage").then((m) => m.SignInPage));
const ResetPasswordPage = page(() => import("./pages/ResetPasswordPage").then((m) => m.ResetPasswordPage));
const ConfirmEmailPage = page(() => import("./pages/ConfirmEmailPage").then((m) => m.ConfirmEmailPage));
const ExplanationPage = page(() => import("./pages/ExplanationPage").then((m) => m.ExplanationPage), true);
const AccountPage = page(() => import("./pages/AccountPage").then((m) => m.AccountPage), true);
const OperatorPage = page(() => import("./pages/OperatorPage").then((m) => m.OperatorPage), true);
const PrivacyPage = page(() => import("./pages/PrivacyPage").then((m) => m.PrivacyPage));

/** Starts loading the chat screen's code, so that its first render need not wait for it. */
export const preloadChatPage = () => ChatPage.preload();

/** The account page lives at /Account/{uid}; another uid in the address shows one's own account. */
function AccountRoute() {
  const { uid } = useParams();
  const { data: session } = useSession();
  if (session && uid !== session.user.id) return <Navigate to={`/Account/${session.user.id}`} replace />;
  return <AccountPage />;
}

/** A fresh chat screen per chat id, so moving between chats never mixes their state. */
function KeyedByChat() {
  const { id } = useParams();
  return <ChatPage key={id} />;
}

/**
 * Every page of the app. React Router matches paths case-insensitively (a <Route> is case-sensitive only with
 * `caseSensitive`), so /signUp and /signup, /Account and /account both work. Navigations run as transitions,
 * so while the next page's code loads the current page stays; the loading screen shows only on the first load.
 */
export function AppRoutes() {
  const location = useLocation();
  return (
    <PageErrorBoundary resetKey={location.key}>
      <Suspense fallback={<DelayedLoadingScreen />}>
        <Routes>
          <Route element={<AppShell />}>
            <Route path="/" element={<ChatPage />} />
            <Route path="/chats/:id" element={<KeyedByChat />} />
            <Route path="/landingpage" element={<LandingPage />} />
            <Route path="/signUp" element={<SignUpPage />} />
            <Route path="/signIn" element={<SignInPage />} />
            <Route path="/reset-password" element={<ResetPasswordPage />} />
            <Route path="/confirm-email" element={<ConfirmEmailPage />} />
            <Route path="/explanation" element={<ExplanationPage />} />
            <Route path="/Account/:uid" element={<AccountRoute />} />
            <Route path="/operator" element={<OperatorPage />} />
            <Route path="/datenschutzerklaerung" element={<PrivacyPage />} />
            <Route path="*" element={<NotFoundPage />} />
          </Route>
        </Routes>
      </Suspense>
    </PageErrorBoundary>
  );
}
