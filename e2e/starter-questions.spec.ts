import { expect, expectAccessible, test } from "./fixtures";
import { ChatScreen, queueModel, signedInUser } from "./pages/chat-page";
import { OperatorDashboard, signInAsOperator } from "./pages/operator-page";

// Issue 23, item 17: an empty chat offers starter questions in the interface language.

test("an empty chat offers four starter questions; a tap fills the input without sending, and they go with the first message", async ({
  page,
  request,
}) => {
  await page.addInitScript(() => localStorage.setItem("dictationNoteDismissed", "1"));
  await signedInUser(page);
  const chat = new ChatScreen(page);
  await chat.goto("/");
  const starters = page.getByRole("region", { name: "Try asking" });
  await expect(starters.getByRole("button")).toHaveCount(4);
  const sleep = starters.getByRole("button", { name: "How can I sleep better when I'm stressed?" });
  for (const button of await starters.getByRole("button").all()) {
    expect((await button.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);
  }
  await expectAccessible(page);

  await sleep.click();
  await expect(chat.input()).toHaveValue("How can I sleep better when I'm stressed?");
  await expect(chat.input()).toBeFocused();
  await expect(chat.userMessages()).toHaveCount(0);
  // A starter put there by a tap gives way to another; a draft the user typed never does.
  await starters.getByRole("button", { name: "What helps with a sore throat?" }).click();
  await expect(chat.input()).toHaveValue("What helps with a sore throat?");
  await chat.input().fill("My own question about sleep");
  await sleep.click();
  await expect(chat.input()).toHaveValue("My own question about sleep");
  await expect(chat.input()).toBeFocused();

  await chat.input().fill("");
  await sleep.click();
  await queueModel(request, { kind: "reply", text: "Try a regular bedtime." });
  await chat.input().press("Enter");
  await chat.waitForReply();
  await expect(chat.userTexts()).toHaveText(["How can I sleep better when I'm stressed?"]);
  await expect(starters).toHaveCount(0);
});

test.describe("on a phone in German", () => {
  test.use({ locale: "de-DE", viewport: { width: 390, height: 470 } });

  test("the starter questions are German, in one column, and leave the input where it was", async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem("dictationNoteDismissed", "1"));
    await signedInUser(page, { languageCode: "de" });
    await page.goto("/");
    const input = page.getByRole("textbox", { name: "Ihre Nachricht" });
    await expect(input).toBeVisible();
    const starters = page.getByRole("region", { name: "Zum Beispiel" });
    const buttons = starters.getByRole("button");
    await expect(buttons).toHaveCount(4);
    await expect(buttons.first()).toHaveText("Wie viel sollte ich am Tag trinken?");
    const [first, second] = [await buttons.nth(0).boundingBox(), await buttons.nth(1).boundingBox()];
    expect(second?.y ?? 0).toBeGreaterThan((first?.y ?? 0) + (first?.height ?? 0) - 1);
    expect(first?.width ?? 0).toBeGreaterThan(300);

    // The starters scroll with the conversation; the input and the disclaimer stay on screen.
    const footer = (await page.getByRole("contentinfo").boundingBox()) ?? { y: 0, height: 999 };
    expect(footer.y + footer.height).toBeLessThanOrEqual(470 + 1);
    expect(470 - footer.y).toBeLessThanOrEqual(150);
    await buttons.last().scrollIntoViewIfNeeded();
    await buttons.last().click();
    await expect(input).toHaveValue("Wann sollte ich mit Fieber zum Arzt gehen?");
    await expectAccessible(page);
  });
});

test.describe("on a wide screen", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("the four starter questions sit in two columns", async ({ page }) => {
    await signedInUser(page);
    await page.goto("/");
    const buttons = page.getByRole("region", { name: "Try asking" }).getByRole("button");
    await expect(buttons).toHaveCount(4);
    const boxes = await Promise.all([0, 1, 2].map(async (n) => (await buttons.nth(n).boundingBox()) ?? { x: 0, y: 0 }));
    expect(boxes[1]?.y).toBe(boxes[0]?.y);
    expect(boxes[1]?.x).toBeGreaterThan(boxes[0]?.x ?? 0);
    expect(boxes[2]?.x).toBe(boxes[0]?.x);
  });
});

test("the dashboard edits the starter questions like a prompt and says what is wrong before saving", async ({ page }) => {
  await signInAsOperator(page);
  const dashboard = new OperatorDashboard(page);
  await dashboard.open();
  const editor = dashboard.promptEditor("Starter questions (German)");
  await expect(editor).toContainText("One question per line: 1 to 6 questions, each at most 120 characters.");
  const text = editor.getByRole("textbox", { name: "Starter questions (German)" });
  await expect(text).toHaveValue(/^Wie viel sollte ich am Tag trinken\?\n/);
  const save = editor.getByRole("button", { name: "Save as new version" });
  // Refused in the browser: nothing is saved, so the other tests still see the defaults.
  await text.fill("Frage?\n".repeat(7));
  await save.click();
  await expect(editor.getByText("There are 7 questions; at most 6 are allowed.")).toBeVisible();
  await text.fill(`Kurz?\n${"x".repeat(121)}`);
  await save.click();
  await expect(editor.getByText("The question on line 2 is too long: at most 120 characters.")).toBeVisible();
  await expectAccessible(page);
});
