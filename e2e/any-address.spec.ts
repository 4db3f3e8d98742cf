import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, STRONG_PASSWORD, test, uniqueEmail } from "./fixtures";
import { SignUpPage } from "./pages/sign-up-page";
import { E2E_PORT, OPEN_ADDRESS_PORT } from "./ports";

test.describe("opening the app at another address than the one it printed", () => {
  let server: ChildProcess | undefined;
  let printed = "";

  test.beforeAll(async () => {
    // A server as a self-hoster starts it: no PUBLIC_URL, listening on every interface.
    server = spawn(process.execPath, ["dist/server/index.js"], {
      env: {
        ...process.env,
        PORT: String(OPEN_ADDRESS_PORT),
        HOST: "0.0.0.0",
        PUBLIC_URL: "",
        LOG_LEVEL: "warn",
        DATA_DIR: mkdtempSync(join(tmpdir(), "health-chat-any-address-")),
      },
      stdio: ["ignore", "pipe", "ignore"],
    });
    server.stdout?.setEncoding("utf8");
    server.stdout?.on("data", (chunk: string) => {
      printed += chunk;
    });
    await expect.poll(() => printed, { timeout: 60_000 }).toContain(`http://localhost:${OPEN_ADDRESS_PORT}`);
  });
  test.afterAll(() => {
    server?.kill();
  });

  test("without PUBLIC_URL, signing up through 127.0.0.1 works though the server printed localhost", async ({ page }) => {
    const signUp = new SignUpPage(page);
    await signUp.open(`http://127.0.0.1:${OPEN_ADDRESS_PORT}/signUp`);
    await signUp.fill({ email: uniqueEmail("any-address"), password: STRONG_PASSWORD, confirm: STRONG_PASSWORD, acceptPrivacy: true });
    await signUp.submit();
    await expect(page).toHaveURL(`http://127.0.0.1:${OPEN_ADDRESS_PORT}/explanation`);
  });
});

for (const [language, locale, words] of [
  ["en", "en-US", "Please open"],
  ["de", "de-DE", "Bitte öffnen Sie"],
] as const) {
  test.describe(`with PUBLIC_URL set (${language})`, () => {
    test.use({ locale });

    test("another address gets a clear message naming the one to open", async ({ page }) => {
      const signUp = new SignUpPage(page, language);
      await signUp.open(`http://127.0.0.1:${E2E_PORT}/signUp`);
      await signUp.fill({ email: uniqueEmail("wrong-address"), password: STRONG_PASSWORD, confirm: STRONG_PASSWORD, acceptPrivacy: true });
      await signUp.submit();
      await expect(signUp.alert()).toContainText(words);
      await expect(signUp.alert()).toContainText(`http://localhost:${E2E_PORT}`);
      await expect(page).toHaveURL(/\/signUp$/);
    });
  });
}
