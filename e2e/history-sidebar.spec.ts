import type { Page } from "@playwright/test";
import { expect, expectAccessible, test } from "./fixtures";
import { AccountPage } from "./pages/account-page";
import { ChatScreen, createChatViaApi, signedInUser } from "./pages/chat-page";

const DAY = 86_400_000;
const sidebarOf = (page: Page, name = "Chat History") => page.getByRole("complementary", { name });
const groupOf = (page: Page, heading: string) => sidebarOf(page).getByRole("region", { name: heading });

test.describe("at 1280 px", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("the history is a permanent sidebar that can be hidden and stays hidden after a reload", async ({ page }) => {
    await signedInUser(page);
    const first = await createChatViaApi(page, "Is coffee bad for my sleep?");
    await createChatViaApi(page, "How much water should I drink daily?");
    await new ChatScreen(page).goto(`/chats/${first}`);
    const sidebar = sidebarOf(page);
    await expect(sidebar.getByRole("link", { name: "Is coffee bad for" })).toHaveAttribute("aria-current", "page");
    await expect(groupOf(page, "Today").getByRole("link")).toHaveCount(2);
    const hide = sidebar.getByRole("button", { name: "Hide chat history" });
    await expect(hide).toHaveAttribute("aria-expanded", "true");
    await expectAccessible(page);

    await hide.click();
    await expect(sidebar.getByRole("link")).toHaveCount(0);
    await page.reload();
    const show = sidebarOf(page).getByRole("button", { name: "Show chat history" });
    await expect(show).toHaveAttribute("aria-expanded", "false");
    await show.click();
    await expect(sidebarOf(page).getByRole("link", { name: "How much water should" })).toBeVisible();
  });

  test("the sidebar's room is there from the first paint, and gone once signed out", async ({ page }) => {
    const { userId } = await signedInUser(page);
    await new ChatScreen(page).goto("/");
    await expect(sidebarOf(page)).toBeVisible();
    // Every sideways layout shift from the start of the next load on (Chromium's Layout Instability API); a banner
    // that pushes the page down is another matter.
    await page.addInitScript(() => {
      const moves: number[] = [];
      Object.assign(window, { moves });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as { sources: { previousRect: DOMRect; currentRect: DOMRect }[] }[])
          for (const { previousRect, currentRect } of entry.sources) moves.push(Math.abs(currentRect.x - previousRect.x));
      }).observe({ type: "layout-shift", buffered: true });
    });
    // On a slow connection the sidebar's code arrives after the page has been painted.
    await page.route(/\/assets\/Sidebar-[\w-]+\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.reload();
    await expect(sidebarOf(page).getByRole("link", { name: "New Chat" })).toBeVisible();
    const moves = () => page.evaluate(() => (window as unknown as { moves: number[] }).moves.filter((x) => x > 1));
    expect(await moves()).toEqual([]);

    const account = new AccountPage(page);
    await account.open(userId);
    await account.logOut();
    await expect(page.getByRole("status")).toHaveText("You have signed out.");
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(await page.evaluate(() => getComputedStyle(document.body).paddingLeft)).toBe("0px");
    expect(await moves()).toEqual([]);
  });

  test("chats are grouped by the local day they were last used, pinned ones first", async ({ page }) => {
    await signedInUser(page);
    await createChatViaApi(page, "Is coffee bad for my sleep?");
    await page.clock.setSystemTime(new Date(Date.now() + DAY));
    await page.goto("/");
    await expect(groupOf(page, "Yesterday").getByRole("link")).toHaveCount(1);
    await page.clock.setSystemTime(new Date(Date.now() + 4 * DAY));
    await page.reload();
    await expect(groupOf(page, "Previous 7 days").getByRole("link")).toHaveCount(1);
    await page.clock.setSystemTime(new Date(Date.now() + 20 * DAY));
    await page.reload();
    await expect(groupOf(page, "Older").getByRole("link")).toHaveCount(1);

    await sidebarOf(page).getByRole("button", { name: "Pin “Is coffee bad for" }).click();
    await expect(groupOf(page, "Pinned").getByRole("link", { name: "Is coffee bad for" })).toBeVisible();
    await expect(groupOf(page, "Older")).toHaveCount(0);
    await page.reload();
    const unpin = groupOf(page, "Pinned").getByRole("button", { name: "Unpin “Is coffee bad for" });
    await expect(unpin).toHaveAttribute("aria-pressed", "true");
    await unpin.click();
    await expect(groupOf(page, "Pinned")).toHaveCount(0);
  });

  test("a chat is renamed in place; an empty name shows an error and keeps the field", async ({ page }) => {
    await signedInUser(page);
    await createChatViaApi(page, "My knee hurts after running");
    await page.goto("/");
    const sidebar = sidebarOf(page);
    await sidebar.getByRole("button", { name: "Rename “My knee hurts after" }).click();
    const field = sidebar.getByRole("textbox", { name: "New name for “My knee hurts after" });
    await expect(field).toBeFocused();
    await field.fill("   ");
    await field.press("Enter");
    await expect(sidebar.getByRole("alert")).toHaveText("Please enter a name for the chat.");
    await expect(field).toBeVisible();
    await field.fill("Knee after running");
    await sidebar.getByRole("button", { name: "Save" }).click();
    await expect(sidebar.getByRole("link", { name: "Knee after running" })).toBeVisible();
    await page.reload();
    await expect(sidebarOf(page).getByRole("link", { name: "Knee after running" })).toBeVisible();
  });
});

test.describe("at 390 px", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("there is no sidebar: the history stays in the drawer, with its date groups and rename", async ({ page }) => {
    await signedInUser(page);
    await createChatViaApi(page, "Is coffee bad for my sleep?");
    const chat = new ChatScreen(page);
    await chat.goto("/");
    await expect(sidebarOf(page)).toHaveCount(0);
    const menu = await chat.openMenu();
    await expect(menu.root().getByRole("region", { name: "Today" }).getByRole("link")).toHaveCount(1);
    await expect(menu.root().getByRole("button", { name: "Rename “Is coffee bad for" })).toBeVisible();
  });
});

test.describe("in German at 1280 px", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("the sidebar's groups and buttons are German", async ({ page }) => {
    await signedInUser(page, { languageCode: "de" });
    await createChatViaApi(page, "Is coffee bad for my sleep?");
    await page.goto("/");
    await expect(sidebarOf(page, "Chat-Verlauf").getByRole("region", { name: "Heute" })).toBeVisible();
    await expect(sidebarOf(page, "Chat-Verlauf").getByRole("button", { name: "„Is coffee bad for“ anheften" })).toBeVisible();
    await expect(sidebarOf(page, "Chat-Verlauf").getByRole("button", { name: "Chat-Verlauf ausblenden" })).toBeVisible();
  });
});
