// First, so that every component's module (imported below) comes after them and wins over them at equal specificity.
import "./tokens.css";
import "./base.css";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { StrictMode, startTransition, useLayoutEffect } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { chatIdInPath } from "../shared/opened-chat";
import { loadRenderer } from "./components/chat/LazyMarkdown";
import { chatQuery } from "./hooks/use-chats";
import { siteConfigQuery } from "./hooks/use-public-config";
import { sessionQuery } from "./hooks/use-session";
import { initI18n } from "./i18n";
import { listenForInstallPrompt } from "./lib/install-prompt";
import { registerServiceWorker } from "./lib/register-service-worker";
import { serverMarkup } from "./lib/server-markup";
import { AppRoutes, preloadChatPage } from "./routes";
import "./print.css";

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
});

// Every page needs the session (the login guard, the headers): ask now, while the page's own code still loads.
const session = queryClient.prefetchQuery(sessionQuery);
// Every screen names the deployment's emergency number (the disclaimer, the card): it comes from the server.
const site = queryClient.prefetchQuery(siteConfigQuery);
// A saved chat opened directly (a reload, a bookmark): its messages, its page and the reply renderer load
// together with the rest, instead of one after the other once the page has rendered. The server announces the
// same files and requests with the page (src/server/web/route-preloads.ts), so they are usually on their way.
const openedChat = chatIdInPath(window.location.pathname);
const chat = openedChat ? queryClient.prefetchQuery(chatQuery(openedChat)) : undefined;
// Failures are left to the page itself, which says what went wrong.
const chatPage = openedChat ? preloadChatPage().catch(() => {}) : undefined;
const renderer = openedChat ? loadRenderer().catch(() => {}) : undefined;

const root = document.getElementById("root");
if (!root) throw new Error("#root is missing from index.html");
// The server sent the page's markup (the landing page; a saved chat, to its owner): it stays on screen until the
// app has all it needs to show the same, and the first render then takes its place in one commit.
const rendered = serverMarkup(root);
const serverRendered = rendered !== undefined;

// The answers announced with the page are usually there by now: the first render waits for them (as long as a
// loading screen would not show yet, see DelayedLoadingScreen; over the server's markup, as long as it takes,
// within reason), so the screen shows at once in one render instead of a loading screen and a render per answer.
const firstRenderWaitMs = serverRendered ? 15_000 : 300;
const needed = serverRendered ? [session, site, chat, chatPage, renderer] : [session, chat, chatPage];
const announced = Promise.race([Promise.all(needed), new Promise((resolve) => setTimeout(resolve, firstRenderWaitMs))]);

// A transition: that first render of a whole chat is long on a slow phone, and as a transition it yields to
// input every few milliseconds instead of blocking the page for its whole length.
void Promise.all([initI18n(), announced]).then(() => {
  rendered?.beforeRender();
  startTransition(() =>
    createRoot(root).render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </QueryClientProvider>
        {rendered && <AfterCommit run={rendered.afterRender} />}
      </StrictMode>,
    ),
  );
});

/** Runs `run` once the first render's markup is in the page. */
function AfterCommit({ run }: { run: () => void }) {
  useLayoutEffect(run, []);
  return null;
}

registerServiceWorker();
listenForInstallPrompt();
