import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { type FakeModelServer, startFakeModel } from "../fake-model/server";
import { GOOD_PASSWORD, OTHER_GOOD_PASSWORD, signIn, signUp } from "../helpers/auth";
import { sendMessage } from "../helpers/chat";
import { resetLink } from "../helpers/mail";
import { startSmtpServer } from "../helpers/smtp";
import { describeEachDatabase } from "../helpers/test-app";

let fake: FakeModelServer;
beforeAll(async () => {
  fake = await startFakeModel({ tokenDelayMs: 0 });
});
afterAll(() => fake.close());

describeEachDatabase("secrets and health data stay out of the logs", ({ createApp }) => {
  it("logs no password, hash, session or reset token, model key or message text at debug level", async () => {
    const captured: string[] = [];
    const capture = (...args: unknown[]) => captured.push(args.map(String).join(" "));
    const spies = [
      vi.spyOn(console, "log").mockImplementation(capture),
      vi.spyOn(console, "info").mockImplementation(capture),
      vi.spyOn(console, "warn").mockImplementation(capture),
      vi.spyOn(console, "error").mockImplementation(capture),
      vi.spyOn(console, "debug").mockImplementation(capture),
    ];
    const smtp = await startSmtpServer();
    try {
      const key = "sk-log-test-secret-key-987654321";
      const t = await createApp(
        { LOG_LEVEL: "debug", OPENAI_BASE_URL: fake.url, OPENAI_API_KEY: key, SMTP_URL: smtp.url },
        { logLines: captured },
      );
      const alice = t.client();
      await signUp(alice, "alice@example.com");
      await alice.post("/api/auth/sign-in/email", { email: "alice@example.com", password: "a wrong password guess" });
      await signIn(alice, "alice@example.com");
      const symptom = "persistent cough with blood for three weeks";
      fake.queue({ kind: "status", status: 500 });
      await sendMessage(alice, symptom);
      await alice.post("/api/auth/request-password-reset", { email: "alice@example.com" });
      const mail = await smtp.waitForMail("alice@example.com", "reset");
      const { token } = resetLink(mail.text);
      expect((await t.client().post("/api/auth/reset-password", { token, newPassword: OTHER_GOOD_PASSWORD })).status).toBe(200);

      const logs = captured.join("\n");
      expect(logs.length).toBeGreaterThan(0);
      const sessionToken = decodeURIComponent([...alice.cookies.values()][0] ?? "").split(".")[0] ?? "";
      for (const secret of [
        GOOD_PASSWORD,
        OTHER_GOOD_PASSWORD,
        "a wrong password guess",
        key,
        token,
        sessionToken,
        symptom,
        "$argon2id",
        t.env.AUTH_SECRET ?? "",
      ]) {
        expect(secret.length).toBeGreaterThan(5);
        expect(logs, `logs contain ${secret.slice(0, 12)}…`).not.toContain(secret);
      }
    } finally {
      await smtp.close();
      for (const spy of spies) spy.mockRestore();
    }
  });
});
