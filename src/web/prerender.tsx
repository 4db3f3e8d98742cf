// The server's entry into the app (main.tsx is the browser's): the same routes and components, rendered to HTML
// from data the server already has, so a page shows before its JavaScript has arrived. main.tsx then replaces it.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { prerender } from "react-dom/static";
import { StaticRouter } from "react-router";
import type { ChatDetail } from "../shared/schemas/chat";
import type { SessionData } from "../shared/schemas/session";
import type { SiteConfig } from "../shared/schemas/site-config";
import type { Language } from "../shared/values";
import { DictationGuess } from "./components/chat/speech-recognition";
import { chatKey } from "./hooks/use-chats";
import { siteConfigQuery } from "./hooks/use-public-config";
import { sessionQueryKey } from "./hooks/use-session";
import { i18n } from "./i18n";
import { initServerI18n } from "./i18n/server";
import { AppRoutes } from "./routes";

/** What a page is rendered from: its address, language, and the answers the app would otherwise fetch. */
export interface PageData {
  path: string;
  language: Language;
  site: SiteConfig;
  session: SessionData;
  chat?: ChatDetail;
  /** Whether the browser likely offers dictation (its User-Agent): the chat's composer then has its button. */
  dictation?: boolean;
}

const ready = initServerI18n();
// The language is the one i18next instance's (components read it directly): one page at a time.
let queue: Promise<unknown> = Promise.resolve();

/** The markup of `#root` for a page, as the app's first render in the browser shows it. */
export function renderPage(page: PageData): Promise<string> {
  const run = queue.then(() => render(page));
  queue = run.catch(() => {});
  return run;
}

async function render({ path, language, site, session, chat, dictation = false }: PageData): Promise<string> {
  await ready;
  await i18n.changeLanguage(language);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } } });
  queryClient.setQueryData(sessionQueryKey, session);
  queryClient.setQueryData(siteConfigQuery.queryKey, site);
  if (chat) queryClient.setQueryData(chatKey(chat.id), chat);
  try {
    const { prelude } = await prerender(
      <QueryClientProvider client={queryClient}>
        <DictationGuess value={dictation}>
          <StaticRouter location={path}>
            <AppRoutes />
          </StaticRouter>
        </DictationGuess>
      </QueryClientProvider>,
    );
    return await new Response(prelude).text();
  } finally {
    queryClient.clear();
  }
}
