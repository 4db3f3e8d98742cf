import { expect, expectAccessible, test } from "./fixtures";
import { ChatScreen, queueModel, signedInUser } from "./pages/chat-page";

/** A word no other test sends, so a queued reply is taken by this test's question only. */
const marker = () => `ref${Math.random().toString(36).slice(2, 8)}`;

test("Regenerate keeps the earlier answer: browsable as 1/2 and 2/2, each with its own rating", async ({ page }, testInfo) => {
  await signedInUser(page);
  const chat = new ChatScreen(page);
  await chat.goto("/");
  const tag = marker();
  await chat.startChat(`Is coffee healthy? ${tag}`);
  const like = () => chat.lastReply().getByRole("button", { name: "Like", exact: true });
  await like().click();
  await expect(like()).toHaveAttribute("aria-pressed", "true");

  await queueModel(page.request, { kind: "reply", text: "A **second** answer about coffee.", when: tag });
  await chat.lastReply().getByRole("button", { name: "Regenerate" }).click();
  await chat.waitForReply(1);
  const versions = chat.lastReply().getByRole("group", { name: "Answers to this question" });
  await expect(versions).toContainText("2/2");
  await expect(versions).toContainText("Answer 2 of 2");
  await expect(chat.lastReply()).toContainText("A second answer about coffee.");
  await expect(like()).toHaveAttribute("aria-pressed", "false");

  const previous = versions.getByRole("button", { name: "Previous answer" });
  await previous.click();
  await expect(versions).toContainText("Answer 1 of 2");
  await expect(chat.lastReply()).toContainText("Fake model reply.");
  // The first answer keeps its own rating.
  await expect(like()).toHaveAttribute("aria-pressed", "true");
  // At the first answer, Previous stays focusable but does nothing.
  await expect(previous).toHaveAttribute("aria-disabled", "true");
  await expect(previous).toBeFocused();
  await expectAccessible(page);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width < 500 ? 844 : 800 });
    await versions.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath(`answer-versions-${width}.png`) });
  }

  await versions.getByRole("button", { name: "Next answer" }).click();
  await chat.lastReply().getByRole("button", { name: "Dislike" }).click();
  await expect(chat.lastReply().getByRole("button", { name: "Dislike" })).toHaveAttribute("aria-pressed", "true");

  await page.reload();
  await expect(chat.replies()).toHaveCount(1);
  await expect(versions).toContainText("2/2");
  await expect(chat.lastReply().getByRole("button", { name: "Dislike" })).toHaveAttribute("aria-pressed", "true");
  await versions.getByRole("button", { name: "Previous answer" }).click();
  await expect(like()).toHaveAttribute("aria-pressed", "true");
  // The control's contrast holds in the dark theme too.
  await page.emulateMedia({ colorScheme: "dark" });
  await page.setViewportSize({ width: 390, height: 844 });
  await versions.scrollIntoViewIfNeeded();
  await expectAccessible(page);
  await page.screenshot({ path: testInfo.outputPath("answer-versions-dark-390.png") });
});

test("Edit sends the last question again in place; the earlier question stays browsable", async ({ page }, testInfo) => {
  await signedInUser(page);
  const chat = new ChatScreen(page);
  await chat.goto("/");
  await chat.startChat("What helps against a cold?");
  // Only the last question offers Edit.
  await chat.send("And against hay fever?");
  await chat.waitForReply(2);
  await expect(page.getByRole("button", { name: "Edit question" })).toHaveCount(1);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole("button", { name: "Edit question" }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath("edit-button-390.png") });

  const edit = page.getByRole("button", { name: "Edit question" });
  await edit.click();
  const editor = page.getByRole("textbox", { name: "Edit your question" });
  await expect(editor).toHaveValue("And against hay fever?");
  await expect(editor).toBeFocused();
  await editor.fill("Something else entirely");
  await page.getByRole("button", { name: "Cancel" }).click();
  // Cancel keeps the question as it was, and the keyboard is back on Edit.
  await expect(chat.userTexts()).toHaveText(["What helps against a cold?", "And against hay fever?"]);
  await expect(edit).toBeFocused();

  await edit.click();
  await editor.fill("And against a sore throat?");
  await expectAccessible(page);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width < 500 ? 844 : 800 });
    await page.screenshot({ path: testInfo.outputPath(`edit-question-${width}.png`) });
  }
  await page.getByRole("button", { name: "Save & send" }).click();
  await chat.waitForReply(2);
  await expect(chat.userTexts()).toHaveText(["What helps against a cold?", "And against a sore throat?"]);
  await expect(chat.lastReply()).toContainText("You asked: And against a sore throat?");
  const versions = chat.lastReply().getByRole("group", { name: "Answers to this question" });
  await expect(versions).toContainText("Answer 2 of 2");

  // Browsing back shows the question as it was, with its answer.
  await versions.getByRole("button", { name: "Previous answer" }).click();
  await expect(chat.userTexts()).toHaveText(["What helps against a cold?", "And against hay fever?"]);
  await expect(chat.lastReply()).toContainText("You asked: And against hay fever?");
  await expect(edit).toHaveCount(0);
  await page.reload();
  await expect(chat.userTexts()).toHaveText(["What helps against a cold?", "And against a sore throat?"]);
});

test("an edited question is checked for an emergency; a refused edit keeps the edited text", async ({ page }) => {
  await signedInUser(page);
  const chat = new ChatScreen(page);
  await chat.goto("/");
  const chatId = await chat.startChat("I feel a little tired today");
  await page.route(`**/api/chats/${chatId}/edit`, (route) =>
    route.fulfill({
      status: 429,
      headers: { "retry-after": "5" },
      json: { code: "server-busy", message: "busy", redFlags: ["cardiac"] },
    }),
  );
  await page.getByRole("button", { name: "Edit question" }).click();
  const editor = page.getByRole("textbox", { name: "Edit your question" });
  await editor.fill("I have crushing chest pain and I can't breathe");
  await page.getByRole("button", { name: "Save & send" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "edited question is still in the editor" })).toBeVisible();
  await expect(editor).toHaveValue("I have crushing chest pain and I can't breathe");
  // The refusal carries the rules' verdict on the edited text: the card shows at once.
  await expect(page.getByRole("heading", { name: "Signs of a heart attack" })).toHaveCount(1);

  await page.unroute(`**/api/chats/${chatId}/edit`);
  await page.getByRole("button", { name: "Save & send" }).click();
  await chat.waitForReply(1);
  await expect(chat.userTexts()).toHaveText(["I have crushing chest pain and I can't breathe"]);
  // Now the card is the one under the saved question, from the server's own check of it.
  await expect(page.getByRole("heading", { name: "Signs of a heart attack" })).toHaveCount(1);
  await page.reload();
  await expect(page.getByRole("heading", { name: "Signs of a heart attack" })).toBeVisible();
});
