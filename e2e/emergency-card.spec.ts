import { expect, expectAccessible, test } from "./fixtures";
import { ChatScreen, signedInUser } from "./pages/chat-page";

test("a message that reads like an emergency shows the emergency card above the reply, which still comes", async ({ page }) => {
  await signedInUser(page);
  const chat = new ChatScreen(page);
  await chat.goto();
  await chat.send("No chest pain, just a cold");
  await chat.waitForReply();
  await expect(page.getByRole("heading", { name: "This may be an emergency" })).toHaveCount(0);

  await chat.send("Now I have crushing chest pain and my left arm hurts");
  await chat.waitForReply(2);
  const card = page.getByRole("alert").filter({ has: page.getByRole("heading", { name: "This may be an emergency" }) });
  await expect(card).toBeVisible();
  await expect(card.getByRole("link", { name: "Call 911" })).toHaveAttribute("href", "tel:911");
  await expectAccessible(page);
  await page.reload();
  await expect(page.getByRole("heading", { name: "This may be an emergency" })).toHaveCount(1);
});

test("in a US-English browser, self-harm shows the 988 crisis line and 911", async ({ page }) => {
  await signedInUser(page);
  const chat = new ChatScreen(page);
  await chat.goto();
  expect(await page.evaluate(() => navigator.language)).toBe("en-US");
  await chat.send("I keep having suicidal thoughts");
  await chat.waitForReply();
  const card = page.getByRole("alert").filter({ has: page.getByRole("heading", { name: "You are not alone" }) });
  await expect(card).toBeVisible();
  await expect(card.getByRole("link", { name: "Call 988" })).toHaveAttribute("href", "tel:988");
  await expect(card.getByRole("link", { name: "Call 911" })).toHaveAttribute("href", "tel:911");
  await expect(card.getByRole("link")).toHaveCount(2);
  await expect(card).not.toContainText("Telefonseelsorge");
});

test.describe("in a German browser", () => {
  test.use({ locale: "de-DE" });
  test("self-harm shows a crisis line and the European emergency number", async ({ page }) => {
    await signedInUser(page, { languageCode: "de" });
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "Wie kann ich Ihnen heute helfen?" })).toBeVisible();
    await page.getByRole("textbox", { name: "Ihre Nachricht" }).fill("Ich will nicht mehr leben");
    await page.getByRole("textbox", { name: "Ihre Nachricht" }).press("Enter");
    await expect(page.getByRole("article", { name: "Der Assistent antwortete" })).toHaveCount(1);
    const card = page.getByRole("alert").filter({ has: page.getByRole("heading", { name: "Sie sind nicht allein" }) });
    await expect(card).toBeVisible();
    await expect(card.getByRole("link", { name: "Telefonseelsorge 0800 111 0 111 anrufen" })).toHaveAttribute("href", "tel:08001110111");
    await expect(card.getByRole("link", { name: "112 anrufen" })).toHaveAttribute("href", "tel:112");
  });
});
