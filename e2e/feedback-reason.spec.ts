import type { Page } from "@playwright/test";
import { expect, expectAccessible, test } from "./fixtures";
import { ChatScreen, signedInUser } from "./pages/chat-page";

/** The saved state of the chat's reply, read through the API (what the research team will see). */
async function savedReply(page: Page, chatId: string) {
  const response = await page.request.get(`/api/chats/${chatId}`);
  expect(response.ok()).toBe(true);
  const chat = (await response.json()) as {
    messages: { sender: string; feedback: string | null; feedbackReason: string | null; feedbackComment: string | null }[];
  };
  return chat.messages.filter((m) => m.sender === "assistant").at(-1);
}

test.describe("the reason after a rating", () => {
  test("a dislike asks why; the reason and comment are saved and shown after a reload", async ({ page }) => {
    await signedInUser(page);
    const chat = new ChatScreen(page);
    await chat.goto();
    const chatId = await chat.startChat("Is it fine to take ibuprofen with coffee?");
    const reply = chat.lastReply();
    await reply.getByRole("button", { name: "Dislike" }).click();

    const question = reply.getByRole("form", { name: "What was wrong with this reply? (optional)" });
    await expect(question).toBeVisible();
    const reasons = question.getByRole("group").getByRole("radio");
    await expect(reasons).toHaveCount(5);
    for (const name of ["Wrong or inaccurate", "Unsafe", "Unclear", "Not helpful", "Other"]) {
      await expect(question.getByRole("radio", { name })).toBeVisible();
    }
    // Nothing chosen yet: Send explains instead of saving.
    await question.getByRole("button", { name: "Send feedback" }).click();
    await expect(question.getByRole("alert")).toHaveText("Please choose a reason, or skip.");
    await expectAccessible(page);

    await question.getByText("Unsafe", { exact: true }).click();
    await expect(question.getByRole("radio", { name: "Unsafe" })).toBeChecked();
    const comment = question.getByLabel("Comment (optional)");
    await comment.fill("x".repeat(501));
    await expect(question.getByText("Please keep your comment to at most 500 characters.")).toBeVisible();
    await comment.fill("It said to double the dose.");
    await expect(question.getByText("27 of 500 characters")).toBeVisible();
    await question.getByRole("button", { name: "Send feedback" }).click();

    const thanks = reply.getByRole("status").filter({ hasText: "Thank you for your feedback." });
    await expect(thanks).toBeVisible();
    await expect(thanks).toBeFocused();
    await expect(question).toBeHidden();
    expect(await savedReply(page, chatId)).toMatchObject({
      feedback: "dislike",
      feedbackReason: "unsafe",
      feedbackComment: "It said to double the dose.",
    });

    await page.reload();
    await expect(chat.lastReply().getByText("Your feedback: Unsafe. “It said to double the dose.”")).toBeVisible();
    await expect(chat.lastReply().getByRole("form")).toHaveCount(0);
  });

  test("changing the rating clears the reason; a like asks too, and Skip closes the question", async ({ page }) => {
    await signedInUser(page);
    const chat = new ChatScreen(page);
    await chat.goto();
    const chatId = await chat.startChat("How much water should I drink a day?");
    const reply = chat.lastReply();
    await reply.getByRole("button", { name: "Dislike" }).click();
    const question = reply.getByRole("form", { name: "What was wrong with this reply? (optional)" });
    await question.getByText("Unclear", { exact: true }).click();
    await question.getByRole("button", { name: "Send feedback" }).click();
    await expect(reply.getByText("Thank you for your feedback.")).toBeVisible();

    // Like instead: the dislike and its reason are gone, and the like gets its own question.
    await reply.getByRole("button", { name: "Like", exact: true }).click();
    const likeQuestion = reply.getByRole("form", { name: "What did you like? (optional)" });
    await expect(likeQuestion).toBeVisible();
    await expect(likeQuestion.getByRole("radio")).toHaveCount(2);
    await expect(likeQuestion.getByRole("radio", { name: "Helpful" })).toBeVisible();
    await expect.poll(async () => (await savedReply(page, chatId))?.feedbackReason).toBeNull();
    expect(await savedReply(page, chatId)).toMatchObject({ feedback: "like", feedbackComment: null });

    await likeQuestion.getByRole("button", { name: "Skip" }).click();
    await expect(likeQuestion).toBeHidden();
    await expect(reply.getByRole("button", { name: "Like", exact: true })).toBeFocused();

    await page.reload();
    await expect(chat.lastReply().getByRole("button", { name: "Like", exact: true })).toHaveAttribute("aria-pressed", "true");
    await expect(chat.lastReply().getByText(/Your feedback/)).toHaveCount(0);
    await expect(chat.lastReply().getByRole("form")).toHaveCount(0);

    // Taking the like back asks nothing.
    await chat.lastReply().getByRole("button", { name: "Like", exact: true }).click();
    await expect(chat.lastReply().getByRole("button", { name: "Like", exact: true })).toHaveAttribute("aria-pressed", "false");
    await expect(chat.lastReply().getByRole("form")).toHaveCount(0);
  });

  test("the question is in German for German users", async ({ page }) => {
    await signedInUser(page, { languageCode: "de" });
    await page.goto("/");
    const input = page.getByRole("textbox", { name: "Ihre Nachricht" });
    await expect(input).toBeVisible();
    await input.fill("Was hilft gegen Kopfschmerzen?");
    await input.press("Enter");
    const reply = page.getByRole("article", { name: "Der Assistent antwortete" }).last();
    await expect(reply.getByRole("button", { name: "Gefällt mir nicht" })).toBeVisible();
    await reply.getByRole("button", { name: "Gefällt mir nicht" }).click();
    const question = reply.getByRole("form", { name: "Was war an dieser Antwort nicht gut? (optional)" });
    await expect(question.getByRole("radio", { name: "Gefährlich" })).toBeVisible();
    await expect(question.getByRole("button", { name: "Feedback senden" })).toBeVisible();
  });
});
