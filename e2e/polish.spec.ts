import { expect, test } from "./fixtures";
import { ChatScreen, queueModel, signedInUser } from "./pages/chat-page";

// Small things from issue 23, item 13 (the dictation note's one line: chat-dictation.spec.ts).

test("the sign-in page's own header has no Sign in link; other public pages do", async ({ page }) => {
  await page.goto("/signIn");
  await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
  await expect(page.getByRole("banner").getByRole("link", { name: "Sign in" })).toHaveCount(0);
  await page.goto("/signUp");
  await expect(page.getByRole("banner").getByRole("link", { name: "Sign in" })).toBeVisible();
});

for (const width of [390, 1280]) {
  test(`at ${width}px: a quote has a bar, Skip lines up with Send feedback, "No chats yet." with the list`, async ({ page }) => {
    await page.setViewportSize({ width, height: 844 });
    await signedInUser(page);
    const chat = new ChatScreen(page);
    await chat.goto("/");
    const menu = await chat.openMenu();
    // The text starts where the history's own heading's text does, not at the boxes' edge (measured at once: the
    // menu may still be sliding in).
    await expect(menu.root().getByText("No chats yet.")).toBeVisible();
    const offset = await menu.root().evaluate((root) => {
      const textStart = (el: Element | null | undefined) => {
        const range = document.createRange();
        range.selectNodeContents(el as Element);
        return range.getClientRects()[0]?.x ?? Number.NaN;
      };
      const empty = [...root.querySelectorAll("p")].find((p) => p.textContent === "No chats yet.");
      return textStart(empty) - textStart(root.querySelector("[aria-controls] span"));
    });
    expect(Math.abs(offset)).toBeLessThan(2);
    await menu.close();

    await queueModel(page.request, { kind: "reply", text: "In short:\n\n> Rest and ice help a sprained ankle.\n\nThat is all." });
    await chat.startChat("What helps a sprained ankle?");
    const quote = chat.lastReply().locator("blockquote");
    const border = await quote.evaluate((el) => getComputedStyle(el));
    expect(Number.parseFloat(border.borderLeftWidth)).toBeGreaterThanOrEqual(3);
    expect(border.borderLeftStyle).toBe("solid");

    await chat.lastReply().getByRole("button", { name: "Dislike" }).click();
    const send = page.getByRole("button", { name: "Send feedback" });
    const skip = page.getByRole("button", { name: "Skip" });
    const [sendBox, skipBox] = [await send.boundingBox(), await skip.boundingBox()];
    if (!sendBox || !skipBox) throw new Error("no feedback buttons");
    // Side by side: the same height and top; wrapped under it: the same left edge.
    if (skipBox.y < sendBox.y + sendBox.height) {
      expect(Math.abs(skipBox.y - sendBox.y)).toBeLessThan(1);
      expect(Math.abs(skipBox.height - sendBox.height)).toBeLessThan(1);
    } else {
      expect(Math.abs(skipBox.x - sendBox.x)).toBeLessThan(1);
    }
    // The Skip button shows its box, so its text does not float out of line with the others.
    expect(await skip.evaluate((el) => getComputedStyle(el).borderLeftStyle)).toBe("solid");
  });
}
