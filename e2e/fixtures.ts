import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";
import { E2E_THROTTLED_PORT, FAKE_MODEL_URL } from "./ports";
import { recordSessionCookies, recordWhatIsSent } from "./sent-secrets";

export const THROTTLED_BASE_URL = `http://localhost:${E2E_THROTTLED_PORT}`;

/** A unique e-mail address per call, so tests never depend on each other. */
export function uniqueEmail(prefix = "user"): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.org`;
}

export const STRONG_PASSWORD = "calm-river-lantern-42";

/** Waits (bounded) for the reset e-mail to this address in a server's outbox and returns its link. */
export function readResetLink(email: string, dataDir = process.env.E2E_DATA_DIR ?? ""): Promise<string> {
  return readMailLink({ email, dataDir, link: /https?:\/\/\S+reset-password\?token=[\w%-]+/ });
}

/** Waits (bounded) for the e-mail confirmation mail to this address and returns the path of its link (a page of the app). */
export async function readConfirmEmailPath(email: string, dataDir = process.env.E2E_DATA_DIR ?? ""): Promise<string> {
  const link = await readMailLink({ email, dataDir, link: /https?:\/\/\S+\/confirm-email\?token=[\w%.-]+/ });
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

/** The mails to `email` in a server's outbox, oldest first (the files are named by time), decoded. */
export function mailsTo(email: string, dataDir = process.env.E2E_DATA_DIR ?? ""): string[] {
  const outbox = join(dataDir, "outbox");
  return safeList(outbox)
    .map((name) => decodeQuotedPrintable(readFileSync(join(outbox, name), "utf8")))
    .filter((text) => text.includes(`To: ${email}`));
}

/** Waits for a mail to `email` with a link matching `link`, and returns that link from the newest such mail. */
async function readMailLink({ email, dataDir, link }: { email: string; dataDir: string; link: RegExp }): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      () => {
        found = mailsTo(email, dataDir)
          .reverse()
          .map((text) => text.match(link)?.[0])
          .find(Boolean);
        return found;
      },
      { timeout: 10_000 },
    )
    .toBeTruthy();
  return found as string;
}

/** Undoes quoted-printable: soft line breaks (`=` at a line end) and `=XX` bytes such as `=3D` for `=`. */
export function decodeQuotedPrintable(text: string): string {
  return text.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

function safeList(dir: string): string[] {
  try {
    return readdirSync(dir).sort();
  } catch {
    return [];
  }
}

/** Runs axe-core on the page and fails on serious or critical violations. */
export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const severe = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(severe.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`)).toEqual([]);
}

/**
 * Playwright's test, recording what each test sends and the session cookies it receives, so that the check after
 * the run (e2e/private-logs.teardown.ts) can look for them in the servers' logs. Each test starts with an empty
 * queue at the fake model: a scenario an earlier test queued and did not use would answer this test's request.
 */
export const test = base.extend<{ freshModelQueue: undefined }>({
  freshModelQueue: [
    async ({ playwright }, use) => {
      const control = await playwright.request.newContext();
      expect((await control.delete(`${FAKE_MODEL_URL}/__next`)).ok()).toBe(true);
      await control.dispose();
      await use(undefined);
    },
    { auto: true },
  ],
  context: async ({ context }, use) => {
    recordWhatIsSent(context);
    await use(context);
    recordSessionCookies(await context.cookies());
  },
  request: async ({ request }, use) => {
    await use(request);
    recordSessionCookies((await request.storageState()).cookies);
  },
});
export { expect };
