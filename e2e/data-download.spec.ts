import { readFile } from "node:fs/promises";
import { expect, test } from "./fixtures";
import { createChatViaApi, signedInUser } from "./pages/chat-page";

test("Download my data gives a JSON file of the account and every chat", async ({ page }) => {
  const { email, userId } = await signedInUser(page);
  await createChatViaApi(page, "My question about allergies");
  await page.goto(`/Account/${userId}`);
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download my data" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^health-chat-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(await readFile((await download.path()) as string, "utf8"));
  expect(data.account.email).toBe(email);
  expect(data.chats).toHaveLength(1);
  expect(data.chats[0].messages[0]).toMatchObject({ sender: "user", text: "My question about allergies" });
  expect(data.chats[0].messages[1].sender).toBe("assistant");
});
