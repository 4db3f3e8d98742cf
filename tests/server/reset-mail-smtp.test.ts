import { afterEach, beforeEach, expect, it } from "vitest";
import { GOOD_PASSWORD, OTHER_GOOD_PASSWORD, signIn, signUp } from "../helpers/auth";
import { readOutbox, resetLink } from "../helpers/mail";
import { startSmtpServer, type TestSmtpServer } from "../helpers/smtp";
import { describeEachDatabase } from "../helpers/test-app";

describeEachDatabase("reset mail over SMTP", ({ createApp }) => {
  let smtp: TestSmtpServer;
  beforeEach(async () => {
    smtp = await startSmtpServer();
  });
  afterEach(async () => {
    await smtp.close();
  });

  it("sends the English reset mail with a working link to the user's address", async () => {
    const t = await createApp({ SMTP_URL: smtp.url, MAIL_FROM: "Health Chat <no-reply@health.example>" });
    await signUp(t.client(), "alice@example.com", GOOD_PASSWORD, "en");
    const response = await t.client().post("/api/auth/request-password-reset", { email: "alice@example.com" });
    expect(response.status).toBe(200);

    const mail = await smtp.waitForMail("alice@example.com", "reset");
    expect(mail.envelopeTo).toEqual(["alice@example.com"]);
    expect(mail.headers.from).toContain("no-reply@health.example");
    expect(mail.subject).toBe("Reset your password");
    const { link, token } = resetLink(mail.text);
    expect(link.startsWith("http://localhost:3000/reset-password?token=")).toBe(true);
    expect(mail.text).toContain("expires in 60 minutes");
    expect(await readOutbox(t.outboxDir)).toEqual([]);

    expect((await t.client().post("/api/auth/reset-password", { newPassword: OTHER_GOOD_PASSWORD, token })).status).toBe(200);
    await signIn(t.client(), "alice@example.com", OTHER_GOOD_PASSWORD);
  });

  it("writes to a German user in German", async () => {
    const t = await createApp({ SMTP_URL: smtp.url });
    await signUp(t.client(), "anna@example.com", GOOD_PASSWORD, "de");
    expect((await t.client().post("/api/auth/request-password-reset", { email: "anna@example.com" })).status).toBe(200);

    const mail = await smtp.waitForMail("anna@example.com", "reset");
    expect(mail.subject).toBe("Passwort zurücksetzen");
    expect(mail.text).toContain("Passwort");
    expect(mail.text).toContain("läuft in 60 Minuten ab");
    expect(resetLink(mail.text).link).toMatch(/^http:\/\/localhost:3000\/reset-password\?token=/);
  });

  it("follows a language change made after sign-up", async () => {
    const t = await createApp({ SMTP_URL: smtp.url });
    const alice = t.client();
    await signUp(alice, "alice@example.com", GOOD_PASSWORD, "en");
    expect((await alice.put("/api/profile/language", { languageCode: "de" })).status).toBe(200);
    await t.client().post("/api/auth/request-password-reset", { email: "alice@example.com" });
    expect((await smtp.waitForMail("alice@example.com", "reset")).subject).toBe("Passwort zurücksetzen");
  });

  it("answers 200 as usual when the SMTP server is down", async () => {
    const down = await startSmtpServer();
    await down.close();
    const t = await createApp({ SMTP_URL: down.url });
    await signUp(t.client(), "alice@example.com");
    const known = await t.client().post("/api/auth/request-password-reset", { email: "alice@example.com" });
    const unknown = await t.client().post("/api/auth/request-password-reset", { email: "nobody@example.com" });
    expect(known.status).toBe(200);
    expect(known.json).toEqual(unknown.json);
  });
});
