import { expect, expectAccessible, test } from "./fixtures";
import { AccountPage } from "./pages/account-page";
import { BASE_URL, ChatScreen, createChatViaApi, type DrawerMenu, queueModel, signedInUser } from "./pages/chat-page";

// Issue 23: a phone-first chat for people who may be unwell.

test.describe("on a phone in German", () => {
  test.use({ locale: "de-DE", viewport: { width: 390, height: 844 } });

  test("the input and the disclaimer take at most a quarter of the screen; the whole disclaimer is one tap away", async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem("dictationNoteDismissed", "1"));
    await signedInUser(page, { languageCode: "de" });
    await page.goto("/");
    const footer = page.getByRole("contentinfo");
    await expect(page.getByRole("textbox", { name: "Ihre Nachricht" })).toBeVisible();
    const box = await footer.boundingBox();
    expect(box?.height ?? 999).toBeLessThanOrEqual(844 * 0.25);

    const more = footer.getByText("Keine ärztliche Beratung. Notfall: 112.");
    await expect(more).toBeVisible();
    const full = footer.getByRole("group").getByText("Er ersetzt keine Beratung", { exact: false });
    await expect(full).toBeHidden();
    await more.click();
    await expect(full).toBeVisible();
    await expectAccessible(page);
  });

  test("the input grows with the text only up to a cap", async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem("dictationNoteDismissed", "1"));
    await signedInUser(page, { languageCode: "de" });
    await page.goto("/");
    const input = page.getByRole("textbox", { name: "Ihre Nachricht" });
    const oneLine = (await input.boundingBox())?.height ?? 0;
    await input.fill(Array.from({ length: 20 }, (_, n) => `Zeile ${n}`).join("\n"));
    const tall = (await input.boundingBox())?.height ?? 0;
    expect(tall).toBeGreaterThan(oneLine);
    expect(tall).toBeLessThanOrEqual(844 * 0.18);
  });
});

test("deleting a chat asks first; Close keeps it", async ({ page }) => {
  await signedInUser(page);
  await createChatViaApi(page, "Question about knees");
  const chat = new ChatScreen(page);
  await chat.goto("/");
  const menu = await chat.openMenu();
  await menu.deleteButton("Question about knees").click();
  const dialog = page.getByRole("dialog", { name: "Delete this chat?" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();
  await expect(menu.chatLinks()).toHaveText(["Question about knees"]);
  expect((await (await page.request.get("/api/chats")).json()).chats).toHaveLength(1);

  await menu.deleteChat("Question about knees");
  await expect(menu.root().getByText("No chats yet.")).toBeVisible();
});

test("a notice can be closed, sits above the input without covering it, and is gone on another page", async ({ page }) => {
  await signedInUser(page);
  await createChatViaApi(page, "Question about sleep");
  await createChatViaApi(page, "Question about food");
  const chat = new ChatScreen(page);
  await chat.goto("/");
  let menu = await chat.openMenu();
  await menu.deleteChat("Question about food");
  await menu.close();
  const notice = page.getByRole("status").filter({ hasText: "Chat deleted" });
  await expect(notice).toBeVisible();
  const noticeBox = await notice.boundingBox();
  const inputBox = await chat.input().boundingBox();
  expect(noticeBox && inputBox && noticeBox.y + noticeBox.height <= inputBox.y).toBe(true);
  await notice.getByRole("button", { name: "Close" }).click();
  await expect(notice).toHaveCount(0);

  menu = await chat.openMenu();
  await menu.deleteChat("Question about sleep");
  await expect(menu.root().getByRole("status").filter({ hasText: "Chat deleted" })).toBeVisible();
  await menu.entry("Privacy").click();
  await expect(page).toHaveURL(`${BASE_URL}/datenschutzerklaerung`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByText("Chat deleted")).toHaveCount(0);
});

test("a long chat title ends in an ellipsis; untitled chats have short accessible names", async ({ page }) => {
  await signedInUser(page);
  await createChatViaApi(page, "untitled #fail429");
  await createChatViaApi(page, "Supercalifragilistic expialidocious antidisestablishmentarianism pneumonoultramicroscopic");
  const chat = new ChatScreen(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await chat.goto("/");
  const menu: DrawerMenu = await chat.openMenu();
  const title = menu
    .root()
    .getByRole("link", { name: /Supercalifragilistic/ })
    .locator("span")
    .first();
  await expect(title).toBeVisible();
  const style = await title.evaluate((el) => {
    const s = getComputedStyle(el);
    return { overflow: s.textOverflow, clipped: el.scrollWidth > el.clientWidth };
  });
  expect(style).toEqual({ overflow: "ellipsis", clipped: true });
  await expect(menu.deleteButton("Chat 2")).toBeVisible();
});

test.describe("a table in a reply on a phone", () => {
  test.use({ locale: "de-DE", viewport: { width: 390, height: 844 } });

  test("scrolls sideways with whole words and keeps its distance from the next heading", async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem("dictationNoteDismissed", "1"));
    await signedInUser(page, { languageCode: "de" });
    const table = [
      "| Kategorie | Systolisch (mmHg) | Diastolisch (mmHg) | Empfehlung |",
      "| - | - | - | - |",
      "| Optimal | unter 120 | unter 80 | Regelmäßige Kontrolle |",
      "| Bluthochdruck Grad 1 | 140–159 | 90–99 | Ärztliche Abklärung |",
      "",
      "## Nächste Schritte",
      "",
      "Text.",
    ].join("\n");
    await queueModel(page.request, { kind: "reply", text: table });
    await page.goto("/");
    const input = page.getByRole("textbox", { name: "Ihre Nachricht" });
    await input.fill("Blutdruckwerte?");
    await input.press("Enter");
    const region = page.getByRole("region", { name: "Tabelle" });
    await expect(region).toBeVisible();
    // Measured once the whole reply is there.
    await expect(page.getByRole("heading", { name: "Nächste Schritte" })).toBeVisible();
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    // A one-word cell stays on one line ("Kategorie", not "Kate-gorie"), and the table scrolls instead.
    const lines = await region.locator("th, td").evaluateAll((elements) =>
      elements
        .filter((el) => !/\s/.test(el.textContent?.trim() ?? " "))
        .map((el) => {
          const range = document.createRange();
          range.selectNodeContents(el);
          return `${el.textContent}: ${new Set(Array.from(range.getClientRects()).map((r) => Math.round(r.top))).size}`;
        }),
    );
    expect(lines).toContain("Kategorie: 1");
    expect(lines.filter((line) => !line.endsWith(": 1"))).toEqual([]);
    expect(await region.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    const regionBox = await region.boundingBox();
    const headingBox = await page.getByRole("heading", { name: "Nächste Schritte" }).boundingBox();
    expect(regionBox && headingBox && headingBox.y - (regionBox.y + regionBox.height)).toBeGreaterThanOrEqual(12);
    await expectAccessible(page);
  });
});

test("the message box's focus ring is calm (the brand colour), not the orange-red of an error", async ({ page }) => {
  await signedInUser(page);
  const chat = new ChatScreen(page);
  await chat.goto("/");
  await chat.input().focus();
  const ring = await chat.input().evaluate((el) => {
    const style = getComputedStyle(el);
    return { width: style.outlineWidth, color: style.outlineColor, style: style.outlineStyle };
  });
  // --color-primary (#0f5f73); the old ring was --color-focus (#c2410c).
  expect(ring).toEqual({ width: "3px", color: "rgb(15, 95, 115)", style: "solid" });
});

test.describe("after leaving the account on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("signing out confirms it, and the landing page opens at the top", async ({ page }) => {
    const { userId } = await signedInUser(page);
    const account = new AccountPage(page);
    await account.open(userId);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await account.logOut();
    await expect(page.getByRole("status")).toHaveText("You have signed out.");
    await expect(page.getByRole("heading", { level: 1, name: "Health questions, answered with care" })).toBeInViewport();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await expectAccessible(page);
    await page.getByRole("status").getByRole("button", { name: "Close" }).click();
    await expect(page.getByRole("status")).toHaveCount(0);
  });

  test("deleting the account confirms it, in German too", async ({ page }) => {
    await page.context().addInitScript(() => localStorage.setItem("dictationNoteDismissed", "1"));
    const { userId } = await signedInUser(page, { languageCode: "de" });
    await page.goto(`/Account/${userId}`);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.getByRole("button", { name: "Konto löschen" }).click();
    await page.getByRole("dialog", { name: "Sind Sie sicher?" }).getByRole("button", { name: "Bestätigen" }).click();
    await expect(page.getByRole("status")).toHaveText("Ihr Konto und alle Ihre Chats wurden gelöscht.");
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });
});
