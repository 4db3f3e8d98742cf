import { describe, expect, it } from "vitest";
import type { ChatDetail, ChatMessage } from "../shared/schemas/chat";
import type { SiteConfig } from "../shared/schemas/site-config";
import { de } from "./i18n/de";
import { en } from "./i18n/en";
import { renderPage } from "./prerender";

const site: SiteConfig = {
  siteName: "Health Chat",
  surveyUrls: {},
  demoMode: false,
  redactsPersonalData: false,
  emergency: { region: "DE", number: "112", crisisLine: null },
};
const session = {
  user: { id: "u1", email: "a@example.org", emailVerified: true },
  session: { createdAt: new Date(), expiresAt: new Date(Date.now() + 86_400_000) },
};
const message = (id: string, sender: ChatMessage["sender"], text: string): ChatMessage => ({
  id,
  position: Number(id.slice(-1)),
  sender,
  text,
  status: "complete",
  feedback: null,
  feedbackReason: null,
  feedbackComment: null,
  errorCode: null,
  redFlags: [],
});
const chatId = "0b7f2c1e-4a4f-4d0e-9a57-1f2d3c4b5a69";
const chat: ChatDetail = {
  id: chatId,
  title: "<img src=x onerror=alert(1)> title",
  olderBefore: null,
  messages: [
    message("00000000-0000-4000-8000-000000000001", "user", "<script>alert('q')</script> Is ibuprofen fine?"),
    message("00000000-0000-4000-8000-000000000002", "assistant", "**Usually** yes, [with food](javascript:alert(1)).\n\n- one\n- two"),
  ],
};

describe("renderPage", () => {
  it("renders a saved chat: the app bar, the messages as the app shows them (Markdown too), the composer", async () => {
    const html = await renderPage({ path: `/chats/${chatId}`, language: "en", site, session, chat });
    expect(html).toContain(en.common.appName);
    expect(html).toContain("&lt;script&gt;alert(&#x27;q&#x27;)&lt;/script&gt; Is ibuprofen fine?");
    expect(html).toContain("<strong>Usually</strong>");
    expect(html).toContain("<li>one</li>");
    expect(html).toContain("&lt;img src=x onerror=alert(1)&gt; title");
    expect(html).toContain("<textarea");
    for (const unsafe of ["<script", "<img", "javascript:"]) expect(html).not.toContain(unsafe);
  });

  it("renders in the language asked for, one page at a time", async () => {
    const [german, english] = await Promise.all([
      renderPage({ path: `/chats/${chatId}`, language: "de", site, session, chat }),
      renderPage({ path: "/landingpage", language: "en", site, session: null }),
    ]);
    expect(german).toContain(de.common.menu);
    expect(german).not.toContain(en.common.menu);
    expect(english).toContain(en.landing.title);
    expect(english).toContain(en.common.signIn);
  });
});
