import { expect, THROTTLED_BASE_URL, test } from "./fixtures";
import { ChatScreen, hiddenBelow, queueModel, signedInUser } from "./pages/chat-page";

test("the medical disclaimer is under the input and the survey banner on top links to the English survey", async ({ page }) => {
  await signedInUser(page);
  const chat = new ChatScreen(page);
  await chat.goto("/");
  // On a wide screen the whole text shows; the phone's one-line version (e2e/phone-screen.spec.ts) is hidden.
  const disclaimer = page.getByText("This assistant gives general health information.", { exact: false }).filter({ visible: true });
  await expect(disclaimer).toBeVisible();
  const inputBox = await chat.input().boundingBox();
  const disclaimerBox = await disclaimer.boundingBox();
  expect(disclaimerBox && inputBox && disclaimerBox.y >= inputBox.y + inputBox.height).toBe(true);

  const banner = page.getByRole("link", { name: "Help our research: take the anonymous survey" });
  await expect(banner).toHaveAttribute("href", "https://survey.invalid/en");
  await expect(banner).toHaveAttribute("target", "_blank");
  await expect(banner).toHaveAttribute("rel", /noopener/);
  const bannerBox = await banner.boundingBox();
  const menuBox = await page.getByRole("button", { name: "Menu", exact: true }).boundingBox();
  expect(bannerBox && menuBox && bannerBox.y < menuBox.y).toBe(true);
  await expect(page.getByRole("note")).toHaveCount(0);

  // Both stay with a conversation.
  await chat.startChat("Does the disclaimer stay?");
  await expect(disclaimer).toBeVisible();
  await expect(banner).toBeVisible();
});

test.describe("in German", () => {
  test.use({ locale: "de-DE" });
  test("the banner links to the German survey", async ({ page }) => {
    await signedInUser(page, { languageCode: "de" });
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "Wie kann ich Ihnen heute helfen?" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Helfen Sie unserer Forschung: Nehmen Sie an der anonymen Umfrage teil" })).toHaveAttribute(
      "href",
      "https://survey.invalid/de",
    );
    await page.getByRole("button", { name: "Menü" }).click();
    await expect(page.getByRole("dialog", { name: "Menü" }).getByRole("link", { name: "Umfrage" })).toHaveAttribute(
      "href",
      "https://survey.invalid/de",
    );
  });
});

test.describe("demo mode (no model configured)", () => {
  test.use({ baseURL: THROTTLED_BASE_URL });
  test("says clearly that no model is configured, on screen and in the reply", async ({ page }) => {
    await signedInUser(page, { baseURL: THROTTLED_BASE_URL });
    const chat = new ChatScreen(page);
    await chat.goto("/");
    await expect(page.getByRole("note")).toHaveText(
      "Demo mode: no language model is configured on this server, so the assistant cannot answer health questions yet.",
    );
    await chat.send("I have a headache");
    await chat.waitForReply();
    await expect(chat.lastReply().locator("strong")).toHaveText("No language model is configured on this server yet");
    await expect(chat.lastReply()).not.toContainText("Fake model reply");
    await expect(page.getByRole("note")).toBeVisible();
  });
});

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test.describe(`at ${viewport.width}px`, () => {
    test.use({ viewport });

    test("the latest turn scrolls fully into view above the input: a reply's actions and an error's Retry", async ({ page }) => {
      await signedInUser(page);
      const chat = new ChatScreen(page);
      await chat.goto("/");
      await chat.startChat("How much water should I drink every day when it is hot outside?");
      await chat.send("And what about coffee, does it count?");
      await chat.waitForReply(2);
      await expect.poll(() => hiddenBelow(page, chat.lastReply().getByRole("button", { name: "Regenerate" }))).toBe(0);

      await queueModel(page.request, ...Array.from({ length: 3 }, () => ({ kind: "status" as const, status: 500 })));
      await chat.send("My knee is swollen after running, what should I do?");
      const retry = chat.lastReply().getByRole("button", { name: "Retry" });
      await expect(retry).toBeVisible({ timeout: 15_000 });
      await expect.poll(() => hiddenBelow(page, retry)).toBe(0);
      await expect.poll(() => hiddenBelow(page, chat.lastReply())).toBe(0);
    });
  });
}
