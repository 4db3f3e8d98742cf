import { readFile } from "node:fs/promises";
import { expect, STRONG_PASSWORD, test } from "./fixtures";
import { BASE_URL, createChatViaApi, signedInUser } from "./pages/chat-page";

test("Download my data gives a JSON file of the account and every chat", async ({ page }) => {
  const { email, userId } = await signedInUser(page);
  await createChatViaApi(page, "My question about allergies");
  await page.goto(`/Account/${userId}`);
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download my data" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^health-chat-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(await readFile((await download.path()) as string, "utf8"));
  expect(data.account.email).toBe(email);
  expect(data.chats).toHaveLength(1);
  expect(data.chats[0].messages[0]).toMatchObject({ sender: "user", text: "My question about allergies" });
  expect(data.chats[0].messages[1].sender).toBe("assistant");
});

test("the account page lists where the user is signed in and signs out everywhere else", async ({ page, browser }) => {
  const { email, userId } = await signedInUser(page);
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  const signedIn = await otherPage.request.post(`${BASE_URL}/api/auth/sign-in/email`, {
    data: { email, password: STRONG_PASSWORD },
    headers: { origin: BASE_URL },
  });
  expect(signedIn.ok()).toBe(true);
  await page.goto(`/Account/${userId}`);
  const sessions = page.getByRole("region", { name: "Where you are signed in" });
  await expect(sessions.getByRole("listitem")).toHaveCount(2);
  await expect(sessions.getByRole("listitem").first()).toContainText("This device");
  await expect(sessions.getByRole("listitem").first()).toContainText(/Chrome on (Windows|Linux)/);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `test-results/account-sessions-${width}.png`, fullPage: true });
  }
  await sessions.getByRole("button", { name: "Sign out everywhere else" }).click();
  await expect(sessions.getByRole("status")).toHaveText("You are now signed out everywhere else.");
  await expect(sessions.getByRole("listitem")).toHaveCount(1);
  expect((await (await otherPage.request.get(`${BASE_URL}/api/auth/get-session`)).json()) ?? null).toBeNull();
  await other.close();
});
