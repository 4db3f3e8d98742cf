import type { Page, Request } from "@playwright/test";
import { expect } from "../fixtures";

/** Runs a navigation and waits until the app's session check has answered. */
export async function waitForSession(page: Page, navigate: () => Promise<unknown>) {
  await Promise.all([page.waitForResponse((response) => response.url().includes("/api/auth/get-session")), navigate()]);
}

/** The signed-in user's id, read through the page's own cookies. */
export async function currentUserId(page: Page): Promise<string> {
  const response = await page.request.get("/api/auth/get-session");
  expect(response.ok()).toBe(true);
  const session = (await response.json()) as { user: { id: string } } | null;
  expect(session).not.toBeNull();
  return session?.user.id ?? "";
}

/** Records every request to the auth API from now on, to prove client-side checks send nothing. */
export function recordAuthRequests(page: Page): string[] {
  const seen: string[] = [];
  const onRequest = (request: Request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith("/api/auth/")) seen.push(`${request.method()} ${pathname}`);
  };
  page.on("request", onRequest);
  return seen;
}
