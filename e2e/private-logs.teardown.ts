import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { decodeQuotedPrintable, expect, STRONG_PASSWORD, test } from "./fixtures";
import { E2E_MODEL_KEY } from "./pages/chat-page";
import { readSent } from "./sent-secrets";
import { serverLogLines } from "./server-log";

/** Any e-mail address, whoever it belongs to (the tests make up new ones all the time). */
const emailAddress = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/;
const servers = [process.env.E2E_DATA_DIR ?? "", process.env.E2E_THROTTLED_DATA_DIR ?? ""];

/** The reset and confirmation tokens in the links of every mail a server wrote to its outbox. */
function mailedTokens(dataDir: string): string[] {
  const outbox = join(dataDir, "outbox");
  let names: string[] = [];
  try {
    names = readdirSync(outbox);
  } catch {
    return []; // no mail was sent
  }
  return names.flatMap((name) =>
    [...decodeQuotedPrintable(readFileSync(join(outbox, name), "utf8")).matchAll(/[?&]token=([^&\s"<>]+)/g)].map((match) =>
      decodeURIComponent(match[1] ?? ""),
    ),
  );
}

// Runs after the browser tests (the "private logs" project in playwright.config.ts), on all the servers wrote.
test("the servers' logs hold no text a test sent, no e-mail address, password, token, secret or API key", () => {
  const secrets = [
    ...readSent().map((value) => ({ what: "a text, password or token a test sent", value })),
    { what: "the tests' password", value: STRONG_PASSWORD },
    { what: "the model API key", value: E2E_MODEL_KEY },
    ...servers.flatMap(mailedTokens).map((value) => ({ what: "a token from a mail", value })),
    ...servers.map((dir) => ({ what: "the auth secret", value: readFileSync(join(dir, "auth-secret"), "utf8").trim() })),
  ];
  const leaks: string[] = [];
  for (const dir of servers) {
    const lines = serverLogLines(dir);
    // The capture works, at every level: each server has logged its requests (debug) since its start.
    expect(lines.some((line) => line.includes('"level":"debug"'))).toBe(true);
    const log = lines.join("\n");
    for (const { what, value } of secrets) {
      if (log.includes(value)) leaks.push(`${what} (${value.slice(0, 40)}): ${lines.find((line) => line.includes(value))?.slice(0, 300)}`);
    }
    for (const line of lines) if (emailAddress.test(line)) leaks.push(`an e-mail address: ${line.slice(0, 300)}`);
  }
  expect(leaks).toEqual([]);
});
