import type { APIRequestContext, Locator, Page, Request } from "@playwright/test";
import { expect, STRONG_PASSWORD, uniqueEmail } from "../fixtures";
import { E2E_PORT, FAKE_MODEL_URL } from "../ports";
import { recordSent } from "../sent-secrets";

/** The main app (wired to the fake model). */
export const BASE_URL = `http://localhost:${E2E_PORT}`;
/** The recognisable key the main e2e server is started with (playwright.config.ts). */
export const E2E_MODEL_KEY = "sk-e2e-do-not-leak-0123456789";

export type FakeScenario =
  | { kind: "reply"; text?: string; delayMs?: number; when?: string }
  | { kind: "status"; status: number; retryAfter?: number }
  | { kind: "cut"; afterTokens: number }
  | { kind: "stall"; afterTokens: number };

/** Queues what the fake model does on its next request (a reply or a title request each take one). */
export async function queueModel(request: APIRequestContext, ...scenarios: FakeScenario[]) {
  for (const scenario of scenarios) {
    const response = await request.post(`${FAKE_MODEL_URL}/__next`, { data: scenario });
    expect(response.ok()).toBe(true);
  }
}

/** The chat screen, as a person uses it: found by roles and labels. */
export class ChatScreen {
  constructor(readonly page: Page) {}

  input() {
    return this.page.getByRole("textbox", { name: "Your message" });
  }
  sendButton() {
    return this.page.getByRole("button", { name: "Send", exact: true });
  }
  stopButton() {
    return this.page.getByRole("button", { name: "Stop", exact: true });
  }
  backgroundTitle() {
    return this.page.getByRole("heading", { name: "How can I help you today?" });
  }
  /** The conversation area (everything the messages are rendered into). */
  conversation() {
    return this.page.getByRole("main");
  }
  userMessages() {
    return this.page.getByRole("article", { name: "You wrote" });
  }
  /** The text of each user message, in order. */
  userTexts() {
    return this.userMessages().getByRole("paragraph");
  }
  /** Assistant turns, including the one being streamed. */
  replies() {
    return this.page.getByRole("article", { name: "The assistant replied" });
  }
  lastReply() {
    return this.replies().last();
  }

  async goto(path = "/") {
    await this.page.goto(path);
    await expect(this.input()).toBeVisible();
    // A saved chat comes rendered by the server: its buttons work once the app has taken it over.
    await expect(this.page.locator("#root[data-server-rendered]")).toHaveCount(0);
  }
  async send(text: string) {
    await this.input().fill(text);
    await this.input().press("Enter");
  }
  /** Waits until no reply is streaming and `count` assistant turns are shown. */
  async waitForReply(count = 1) {
    await expect(this.replies()).toHaveCount(count);
    await expect(this.page.locator('[aria-busy="true"]')).toHaveCount(0);
    await expect(this.sendButton()).toBeVisible();
  }
  /** Sends a message on a new chat and waits for the reply and the chat's own address; returns the chat id. */
  async startChat(text: string): Promise<string> {
    await this.send(text);
    await this.waitForReply();
    await expect(this.page).toHaveURL(/\/chats\/[0-9a-f-]{36}$/);
    return chatIdOf(this.page.url());
  }
  async openMenu(): Promise<DrawerMenu> {
    await this.page.getByRole("button", { name: "Menu", exact: true }).click();
    const menu = new DrawerMenu(this.page);
    await expect(menu.root()).toBeVisible();
    return menu;
  }
}

/** The drawer menu (a modal dialog named "Menu"). */
export class DrawerMenu {
  constructor(readonly page: Page) {}
  root() {
    return this.page.getByRole("dialog", { name: "Menu" });
  }
  historyToggle() {
    return this.root().getByRole("button", { name: "Chat History" });
  }
  search() {
    return this.root().getByRole("searchbox", { name: "Search chats" });
  }
  /** The chat links of the history list, newest first. */
  chatLinks() {
    return this.root().getByRole("list").getByRole("link");
  }
  chatLink(title: string | RegExp) {
    return this.root().getByRole("list").getByRole("link", { name: title });
  }
  deleteButton(title: string) {
    return this.root().getByRole("button", { name: `Delete “${title}”`, exact: true });
  }
  /** Taps the bin next to a chat and confirms in the dialog that follows. */
  async deleteChat(title: string) {
    await this.deleteButton(title).click();
    const dialog = this.page.getByRole("dialog", { name: "Delete this chat?" });
    await expect(dialog).toContainText(`“${title}” will be deleted permanently.`);
    await dialog.getByRole("button", { name: "Delete", exact: true }).click();
    // It closes once the server has answered; an Escape before then would only close the dialog.
    await expect(dialog).toBeHidden();
  }
  entry(name: string): Locator {
    return this.root()
      .getByRole("navigation")
      .getByRole(name === "Share" ? "button" : "link", { name, exact: true });
  }
  async close() {
    await this.page.keyboard.press("Escape");
    await expect(this.root()).toBeHidden();
  }
}

export function chatIdOf(url: string): string {
  const id = new URL(url).pathname.split("/").at(-1);
  if (!id) throw new Error(`no chat id in ${url}`);
  return id;
}

/** How far (px) the element's bottom lies under the top of the sticky input area, or outside the viewport; 0 when fully visible. */
export async function hiddenBelow(page: Page, element: Locator): Promise<number> {
  const footer = await page.getByRole("contentinfo").boundingBox();
  const box = await element.boundingBox();
  const viewport = page.viewportSize();
  if (!footer || !box || !viewport) return Number.POSITIVE_INFINITY;
  return Math.max(0, Math.round(box.y + box.height - Math.min(footer.y, viewport.height)), Math.round(-box.y));
}

/** Records the requests the page makes to a path (e.g. to prove that something was or was not sent). */
export function recordRequests(page: Page, path: RegExp): Request[] {
  const seen: Request[] = [];
  page.on("request", (request) => {
    if (path.test(new URL(request.url()).pathname)) seen.push(request);
  });
  return seen;
}

/**
 * A new account, signed in through the API (page.request shares its cookies with the page).
 * Returns the e-mail and the user's id.
 */
export async function signedInUser(
  page: Page,
  { baseURL = BASE_URL, languageCode = "en" }: { baseURL?: string; languageCode?: "en" | "de" } = {},
): Promise<{ email: string; userId: string }> {
  const email = uniqueEmail("chat");
  const response = await page.request.post(`${baseURL}/api/auth/sign-up/email`, {
    data: { email, password: STRONG_PASSWORD, name: "", languageCode },
    headers: { origin: baseURL },
  });
  expect(response.ok(), await response.text()).toBe(true);
  const body = (await response.json()) as { user: { id: string } };
  return { email, userId: body.user.id };
}

/** Signs up through the form as a person would; ends on the explanation page. */
export async function signUpThroughForm(page: Page): Promise<string> {
  const email = uniqueEmail("chat-ui");
  await page.goto("/signUp");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(STRONG_PASSWORD);
  await page.getByLabel("Confirm password").fill(STRONG_PASSWORD);
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Create account" }).click();
  await page.waitForURL("**/explanation");
  return email;
}

/** Creates a chat with one exchange through the API (the streamed answer, or failure, is read to its end); returns its id. */
export async function createChatViaApi(page: Page, text: string, baseURL = BASE_URL): Promise<string> {
  // The page's own requests are recorded by the fixtures; this one goes around the browser.
  recordSent([text]);
  const response = await page.request.post(`${baseURL}/api/chats/messages`, {
    data: { text, language: "en" },
    headers: { origin: baseURL },
  });
  expect(response.ok(), await response.text()).toBe(true);
  const body = await response.text();
  const chatId = body.match(/"chatId":"([0-9a-f-]{36})"/)?.[1];
  expect(body).toMatch(/"type":"(done|error)"/);
  if (!chatId) throw new Error(`no chat id in ${body.slice(0, 200)}`);
  return chatId;
}
