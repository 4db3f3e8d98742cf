import { DrizzleQueryError } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createLogger } from "../logger";
import { betterAuthLogger, scrubLibraryText } from "./auth-log";

describe("scrubLibraryText", () => {
  it("replaces e-mail addresses, also inside URLs and quotes, and keeps the rest", () => {
    expect(scrubLibraryText("Sign-up attempt for existing email: Alice.O'Neil+x@mail.example.de")).toBe(
      "Sign-up attempt for existing email: [e-mail]",
    );
    expect(scrubLibraryText('user "bob@example.com" (id 42)')).toBe('user "[e-mail]" (id 42)');
  });

  it("replaces the token of a link", () => {
    expect(scrubLibraryText("Invalid callbackURL: https://x.example/reset-password?token=abc.DEF-123&lang=en")).toBe(
      "Invalid callbackURL: https://x.example/reset-password?token=[redacted]&lang=en",
    );
  });
});

describe("betterAuthLogger", () => {
  const capture = (level: "debug" | "info" | "warn" | "error" | "silent") => {
    const lines: string[] = [];
    const options = betterAuthLogger({ level, logger: createLogger(level, (line) => lines.push(line)) });
    return { options, parsed: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>), text: () => lines.join("\n") };
  };

  it("passes its errors on by name and code, and its other arguments scrubbed", () => {
    const { options, parsed, text } = capture("debug");
    const failed = new DrizzleQueryError('insert into "user" values ($1, $2)', ["carol@example.org", "Carol"], undefined);
    options.log("error", "Failed to create user", failed, { email: "carol@example.org", attempts: 2, nested: { a: 1 } });
    expect(parsed()).toEqual([
      expect.objectContaining({
        level: "error",
        message: "better-auth: Failed to create user",
        details: [expect.objectContaining({ name: "DrizzleQueryError" }), { email: "[e-mail]", attempts: 2, nested: "[object]" }],
      }),
    ]);
    expect(text()).not.toContain("carol");
  });

  it("follows LOG_LEVEL, and says nothing when it is silent", () => {
    expect(capture("warn").options).toMatchObject({ disabled: false, level: "warn" });
    expect(capture("silent").options).toMatchObject({ disabled: true });
  });
});
