import { chatIdInPath } from "../../shared/opened-chat";
import type { SiteConfig } from "../../shared/schemas/site-config";
import { offersDictation } from "../../shared/user-agent";
import type { Language } from "../../shared/values";
import type { PageData } from "../../web/prerender";
import { chatDetail } from "../chat/chat-detail";
import type { Database } from "../db/client";
import { getProfile } from "../db/queries/profiles";
import type { Session, SessionLookup } from "../http/session-lookup";
import { errorFields } from "../log-safe-error";
import type { Logger } from "../logger";
import { pageLanguage } from "./page-language";
import { landingPath } from "./page-markup";

/** A page's markup for `#root`; `personal` when it holds a user's data (never kept by a shared cache). */
export interface RenderedPage {
  markup: string;
  language: Language;
  personal: boolean;
}

export type ServerPages = (path: string, headers: Headers) => Promise<RenderedPage | undefined>;
type Render = (page: PageData) => Promise<string>;

// Loaded with the first page rendered, not at start: React's server renderer and the screens are not small.
const renderWithApp: Render = (page) => import("../../web/prerender").then(({ renderPage }) => renderPage(page));

/** The session as the web app holds it (GET /api/auth/get-session's answer, the fields it reads). */
const sessionData = ({ user, session }: Session): NonNullable<PageData["session"]> => ({
  user: { id: user.id, email: user.email, emailVerified: user.emailVerified },
  session: { createdAt: session.createdAt, expiresAt: session.expiresAt },
});

/**
 * The pages the server renders, so they show before the app's JavaScript has arrived: the landing page (signed
 * out; once per language, it holds nothing personal) and a saved chat for its owner. Anything else, and a chat
 * that is not the signed-in user's or a failure, gets undefined: the usual empty page, the same for every chat id.
 */
export function serverPages({
  sessions,
  db,
  site,
  logger,
  render = renderWithApp,
}: {
  sessions: SessionLookup;
  db: Database;
  site: SiteConfig;
  logger: Logger;
  render?: Render;
}): ServerPages {
  const landing = new Map<Language, Promise<string>>();
  const landingIn = (language: Language) => {
    let markup = landing.get(language);
    if (!markup) {
      markup = render({ path: landingPath, language, site, session: null });
      landing.set(language, markup);
      markup.catch(() => landing.delete(language));
    }
    return markup;
  };

  return async (path, headers) => {
    const chatId = chatIdInPath(path);
    const isLanding = path.toLowerCase() === landingPath;
    if (!chatId && !isLanding) return undefined;
    try {
      const session = await sessions.get(headers);
      if (isLanding) {
        // Signed in, its header differs: the app renders it.
        if (session) return undefined;
        const language = pageLanguage(headers);
        return { markup: await landingIn(language), language, personal: false };
      }
      if (!session || !chatId) return undefined;
      const userId = session.user.id;
      const [chat, profile] = await Promise.all([chatDetail({ db, userId, chatId }), getProfile({ db, userId })]);
      if (!chat) return undefined;
      // The profile's language, which the app applies as soon as it has read it (useApplySavedLanguage).
      const language = profile?.languageCode ?? "en";
      const dictation = offersDictation(headers.get("user-agent"));
      const markup = await render({ path, language, site, session: sessionData(session), chat, dictation });
      return { markup, language, personal: true };
    } catch (error) {
      logger.warn("page not rendered on the server; the app renders it", { page: chatId ? "chat" : "landing", error: errorFields(error) });
      return undefined;
    }
  };
}
