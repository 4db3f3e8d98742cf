import { describe, expect, it } from "vitest";
import { resetPasswordMail } from "./reset-password-mail";

const link = "https://health.example/reset-password?token=abc123";

describe("resetPasswordMail", () => {
  it("writes English with the link, the lifetime in minutes and the site name", () => {
    const mail = resetPasswordMail({ to: "a@example.com", link, language: "en", ttlSeconds: 3600, siteName: "Health Chat" });
    expect(mail.to).toBe("a@example.com");
    expect(mail.subject).toBe("Reset your password");
    expect(mail.text).toContain(`\n${link}\n`);
    expect(mail.text).toContain("expires in 60 minutes");
    expect(mail.text).toContain("Health Chat account");
  });

  it("writes German for language de", () => {
    const mail = resetPasswordMail({ to: "a@example.com", link, language: "de", ttlSeconds: 1800, siteName: "Gesundheitschat" });
    expect(mail.subject).toBe("Passwort zurücksetzen");
    expect(mail.text).toContain(`\n${link}\n`);
    expect(mail.text).toContain("läuft in 30 Minuten ab");
    expect(mail.text).toContain("Gesundheitschat-Kontos");
  });
});
