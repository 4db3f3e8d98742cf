import { readFileSync } from "node:fs";
import { expect, expectAccessible, STRONG_PASSWORD, test } from "./fixtures";
import { BASE_URL, ChatScreen, createChatViaApi, signedInUser } from "./pages/chat-page";
import { OPERATOR_EMAIL, OperatorDashboard, signInAsOperator } from "./pages/operator-page";

const chartTitles = [
  "Active users, chats and messages per day",
  "Likes and dislikes per day",
  "Red-flag hits per day",
  "Messages by language",
  "Reply time and error rate of the model provider",
];

test.describe("the research dashboard", () => {
  test("an operator sees the charts, the disliked replies with their reasons, exports, users and prompts", async ({ page, request }) => {
    // A user rates two replies: a dislike with a reason given in the chat, and a like through the API.
    // A base-36 tag: a 13-digit timestamp can pass the Luhn check and be redacted as a card number.
    const question = `Can I give aspirin to my child? ${Date.now().toString(36)}`;
    const { email: userEmail } = await signedInUser(page);
    const chat = new ChatScreen(page);
    await chat.goto();
    await chat.startChat(question);
    await chat.lastReply().getByRole("button", { name: "Dislike" }).click();
    const why = chat.lastReply().getByRole("form", { name: "What was wrong with this reply? (optional)" });
    await why.getByText("Unsafe", { exact: true }).click();
    await why.getByLabel("Comment (optional)").fill("No age limit was mentioned.");
    await why.getByRole("button", { name: "Send feedback" }).click();
    await expect(chat.lastReply().getByText("Thank you for your feedback.")).toBeVisible();
    const likedChat = await createChatViaApi(page, "I have chest pain and my left arm feels numb");
    const liked = (await (await page.request.get(`/api/chats/${likedChat}`)).json()) as { messages: { id: string; sender: string }[] };
    const likedReply = liked.messages.find((m) => m.sender === "assistant");
    const like = await page.request.put(`/api/messages/${likedReply?.id}/feedback`, {
      data: { kind: "like" },
      headers: { origin: BASE_URL },
    });
    expect(like.ok()).toBe(true);
    await page.context().clearCookies();

    // The operator finds the dashboard in the menu.
    await signInAsOperator(page);
    await chat.goto();
    const menu = await chat.openMenu();
    await menu.entry("Research dashboard").click();
    const dashboard = new OperatorDashboard(page);
    await expect(dashboard.heading()).toBeVisible();
    await expect(page).toHaveURL(/\/operator$/);

    // Charts, each with a text alternative and its numbers as a table.
    for (const title of chartTitles) {
      const chart = dashboard.chart(title);
      await expect(chart.getByRole("heading", { name: title })).toBeVisible();
      await expect(chart.getByRole("img", { name: title })).toBeVisible();
    }
    const ratings = dashboard.chart("Likes and dislikes per day");
    await expect(ratings.getByText(/^In total [1-9]\d* likes and [1-9]\d* dislikes; like ratio over the period: \d/)).toBeVisible();
    await expect(dashboard.chart("Red-flag hits per day").getByText(/^In total [1-9]\d* messages read like an emergency\.$/)).toBeVisible();
    await ratings.getByText("Show the numbers as a table").click();
    const table = ratings.getByRole("table");
    await expect(table.getByRole("columnheader")).toHaveText(["Day (UTC)", "Likes", "Dislikes", "Like ratio"]);
    await expect(table.getByRole("row")).toHaveCount(31);

    // The disliked reply, with the user message before it and the reason, pseudonymous.
    const row = dashboard.dislikedTable().getByRole("row").filter({ hasText: question });
    await expect(row).toHaveCount(1);
    await expect(row.getByRole("cell").nth(2)).toHaveText("Unsafe");
    await expect(row.getByRole("cell").nth(3)).toHaveText("No age limit was mentioned.");
    const details = row.getByRole("cell").nth(4);
    await expect(details).toContainText("English");
    await expect(details).toContainText(/Prompt version \d+/);
    await expect(details.locator("code")).toHaveText(/^[\w-]+$/);
    await expect(dashboard.section("Disliked replies")).not.toContainText(userEmail);
    await dashboard.languageFilter().selectOption("de");
    await expect(dashboard.dislikedTable().getByRole("row").filter({ hasText: question })).toHaveCount(0);
    await dashboard.languageFilter().selectOption("");
    await expect(row).toHaveCount(1);

    // Exports of the chosen range, downloaded as files.
    const csv = await dashboard.download("Feedback as CSV");
    expect(csv.suggestedFilename()).toMatch(/^health-chat-feedback-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
    const csvText = readFileSync((await csv.path()) ?? "", "utf8");
    expect(csvText.split(/\r?\n/)[0]).toBe(
      "ratedAt,user,language,feedback,reason,comment,model,promptVersion,answerVersion,question,reply,messageId",
    );
    expect(csvText).toContain("No age limit was mentioned.");
    expect(csvText).not.toContain(userEmail);
    const jsonl = await dashboard.download("Chats as JSON Lines");
    const firstLine = JSON.parse(readFileSync((await jsonl.path()) ?? "", "utf8").split("\n")[0] ?? "") as Record<string, unknown>;
    expect(Object.keys(firstLine)).toEqual(expect.arrayContaining(["user", "chatId", "sender", "text"]));

    // Disable the user (who can then not sign in), and enable them again.
    await dashboard.searchUsers("ab");
    await expect(dashboard.section("Users").getByText("At least 3 characters.")).toBeVisible();
    await dashboard.searchUsers(userEmail);
    const userRow = dashboard.userRow(userEmail);
    await expect(userRow).toContainText("Active");
    await userRow.getByRole("button", { name: `Disable ${userEmail}` }).click();
    await expect(dashboard.confirmDialog()).toContainText("Disable this user?");
    await dashboard.confirmDialog().getByRole("button", { name: "Confirm" }).click();
    await expect(
      dashboard
        .section("Users")
        .getByRole("status")
        .filter({ hasText: `${userEmail} is disabled.` }),
    ).toBeVisible();
    await expect(userRow).toContainText("Disabled");
    const blocked = await request.post(`${BASE_URL}/api/auth/sign-in/email`, {
      data: { email: userEmail, password: STRONG_PASSWORD },
      headers: { origin: BASE_URL },
    });
    expect(blocked.ok()).toBe(false);
    expect(await blocked.text()).toContain("This user has been disabled.");
    await userRow.getByRole("button", { name: `Enable ${userEmail}` }).click();
    await expect(dashboard.confirmDialog()).toContainText("Enable this user?");
    await dashboard.confirmDialog().getByRole("button", { name: "Confirm" }).click();
    await expect(userRow).toContainText("Active");
    const allowed = await request.post(`${BASE_URL}/api/auth/sign-in/email`, {
      data: { email: userEmail, password: STRONG_PASSWORD },
      headers: { origin: BASE_URL },
    });
    expect(allowed.ok()).toBe(true);

    // Edit the system prompt: a new version, listed in the history with who changed it; then put the text back.
    const editor = dashboard.promptEditor("System prompt");
    const text = editor.getByRole("textbox", { name: "System prompt" });
    const original = await text.inputValue();
    const edited = `${original}\n\nE2E check ${Date.now()}: answer in short sentences.`;
    await text.fill(edited);
    await editor.getByRole("button", { name: "Save as new version" }).click();
    const saved = editor.getByRole("status").filter({ hasText: /^Saved as version \d+\.$/ });
    await expect(saved).toBeVisible();
    const version = Number((await saved.textContent())?.match(/\d+/)?.[0]);
    const history = dashboard.promptEditor("System prompt");
    await history.getByText("Version history: System prompt").click();
    const newest = history.getByRole("listitem").first();
    await expect(newest).toContainText(`Version ${version}`);
    await expect(newest).toContainText(`by ${OPERATOR_EMAIL}`);
    await expect(newest.locator("pre")).toHaveText(edited);
    await expect(history.getByRole("listitem").nth(1).locator("pre")).toHaveText(original);

    const current = dashboard.promptEditor("System prompt").getByRole("textbox", { name: "System prompt" });
    await current.fill(original);
    await dashboard.promptEditor("System prompt").getByRole("button", { name: "Save as new version" }).click();
    await expect(dashboard.promptEditor("System prompt").getByText(`Saved as version ${version + 1}.`)).toBeVisible();
  });

  test("a non-operator sees no link to it and finds no page there", async ({ page }) => {
    const { userId } = await signedInUser(page);
    const chat = new ChatScreen(page);
    await chat.goto();
    const menu = await chat.openMenu();
    await expect(menu.entry("Account")).toBeVisible();
    await expect(menu.root().getByRole("link", { name: "Research dashboard" })).toHaveCount(0);
    await menu.close();
    await page.goto(`/Account/${userId}`);
    await expect(page.getByRole("heading", { level: 1, name: "Your account" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Research dashboard" })).toHaveCount(0);

    await page.goto("/operator");
    await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Research dashboard" })).toHaveCount(0);
    expect((await page.request.get("/api/operator/stats?from=2026-01-01&to=2026-01-31")).status()).toBe(404);
    await expectAccessible(page);
  });

  test("the operator's account page links the dashboard; a range can be chosen and is checked", async ({ page }) => {
    await signInAsOperator(page);
    const session = (await (await page.request.get("/api/auth/get-session")).json()) as { user: { id: string } };
    await page.goto(`/Account/${session.user.id}`);
    await page.getByRole("link", { name: "Research dashboard" }).click();
    const dashboard = new OperatorDashboard(page);
    await expect(dashboard.heading()).toBeVisible();

    const period = page.getByRole("form", { name: "Period" });
    await period.getByLabel("From").fill("2026-03-10");
    await period.getByLabel("To").fill("2026-03-01");
    await period.getByRole("button", { name: "Show" }).click();
    await expect(period.getByRole("alert")).toHaveText("The start must not be after the end.");
    await period.getByLabel("To").fill("2026-03-16");
    await period.getByRole("button", { name: "Show" }).click();
    await expect(page).toHaveURL(/\/operator\?from=2026-03-10&to=2026-03-16$/);
    const activity = dashboard.chart("Active users, chats and messages per day");
    await activity.getByText("Show the numbers as a table").click();
    await expect(activity.getByRole("row")).toHaveCount(8);
    // The export asks the server for the chosen range and saves the file under the name the server gives.
    const exported = page.waitForRequest((r) => r.url().includes("/api/operator/export/"));
    const download = await dashboard.download("Feedback as CSV");
    expect(new URL((await exported).url()).search).toBe("?from=2026-03-10&to=2026-03-16&format=csv");
    expect(download.suggestedFilename()).toBe("health-chat-feedback-2026-03-10-to-2026-03-16.csv");
  });

  for (const { name, width, height } of [
    { name: "phone", width: 390, height: 844 },
    { name: "desktop", width: 1280, height: 800 },
  ]) {
    test(`the dashboard has no serious axe violations (${name})`, async ({ page }) => {
      await page.setViewportSize({ width, height });
      const cspErrors: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "error" && /Content.Security.Policy/i.test(message.text())) cspErrors.push(message.text());
      });
      await signInAsOperator(page);
      const dashboard = new OperatorDashboard(page);
      await dashboard.open();
      await expect(dashboard.chart(chartTitles[0] ?? "").getByRole("img")).toBeVisible();
      await dashboard.chart("Messages by language").getByText("Show the numbers as a table").click();
      await dashboard.promptEditor("Title prompt").getByText("Version history: Title prompt").click();
      await expect(dashboard.promptEditor("Title prompt").getByRole("listitem").first()).toBeVisible();
      await expectAccessible(page);
      // Every control is at least 44 px tall, the folding summaries included.
      const small = await page
        .locator("main")
        .locator("button:visible, a:visible, select:visible, input:visible, summary:visible")
        .evaluateAll((elements) =>
          elements.filter((el) => el.getBoundingClientRect().height < 44 && !el.closest("td")).map((el) => el.outerHTML.slice(0, 80)),
        );
      expect(small).toEqual([]);
      await dashboard.searchUsers(OPERATOR_EMAIL);
      await dashboard
        .userRow(OPERATOR_EMAIL)
        .getByRole("button", { name: `Disable ${OPERATOR_EMAIL}` })
        .click();
      await expect(dashboard.confirmDialog()).toBeVisible();
      await expectAccessible(page);
      // One's own account cannot be disabled.
      await dashboard.confirmDialog().getByRole("button", { name: "Confirm" }).click();
      await expect(dashboard.confirmDialog().getByRole("alert")).toHaveText("You cannot disable your own account.");
      await dashboard.confirmDialog().getByRole("button", { name: "Close" }).click();
      expect(cspErrors).toEqual([]);
    });
  }
});
