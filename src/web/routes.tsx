import type { ComponentType } from "react";
import { createBrowserRouter, Navigate, useParams } from "react-router";
import { AppShell } from "./AppShell";
import { ErrorScreen } from "./components/ErrorScreen";
import { RequireAuth } from "./components/RequireAuth";
import { useSession } from "./hooks/use-session";
import { LandingPage } from "./pages/LandingPage";

/** Loads a page on demand so each route ships only its own code. */
const page = (load: () => Promise<ComponentType>, guarded = false) => ({
  lazy: async () => {
    const Page = await load();
    return {
      Component: guarded
        ? () => (
            <RequireAuth>
              <Page />
            </RequireAuth>
          )
        : Page,
    };
  },
});

/** The account page lives at /Account/{uid}; another uid in the address shows one's own account. */
function AccountRoute({ Page }: { Page: ComponentType }) {
  const { uid } = useParams();
  const { data: session } = useSession();
  if (session && uid !== session.user.id) return <Navigate to={`/Account/${session.user.id}`} replace />;
  return <Page />;
}

/** A fresh chat screen per chat id, so moving between chats never mixes their state. */
function KeyedByChat({ Page }: { Page: ComponentType }) {
  const { id } = useParams();
  return <Page key={id} />;
}

// React Router matches paths case-insensitively, so /signUp and /signup, /Account and /account both work.
export const router = createBrowserRouter([
  {
    Component: AppShell,
    errorElement: <ErrorScreen />,
    children: [
      { path: "/", ...page(() => import("./pages/ChatPage").then((m) => m.ChatPage), true) },
      { path: "/chats/:id", ...page(() => import("./pages/ChatPage").then((m) => () => <KeyedByChat Page={m.ChatPage} />), true) },
      { path: "/landingpage", Component: LandingPage },
      { path: "/signUp", ...page(() => import("./pages/SignUpPage").then((m) => m.SignUpPage)) },
      { path: "/signIn", ...page(() => import("./pages/SignInPage").then((m) => m.SignInPage)) },
      { path: "/reset-password", ...page(() => import("./pages/ResetPasswordPage").then((m) => m.ResetPasswordPage)) },
      { path: "/email-verified", ...page(() => import("./pages/EmailVerifiedPage").then((m) => m.EmailVerifiedPage)) },
      { path: "/explanation", ...page(() => import("./pages/ExplanationPage").then((m) => m.ExplanationPage), true) },
      {
        path: "/Account/:uid",
        ...page(() => import("./pages/AccountPage").then((m) => () => <AccountRoute Page={m.AccountPage} />), true),
      },
      { path: "/operator", ...page(() => import("./pages/OperatorPage").then((m) => m.OperatorPage), true) },
      { path: "/datenschutzerklaerung", ...page(() => import("./pages/PrivacyPage").then((m) => m.PrivacyPage)) },
      {
        path: "*",
        loader: () => {
          throw new Response("Not Found", { status: 404, statusText: "Not Found" });
        },
      },
    ],
  },
]);
