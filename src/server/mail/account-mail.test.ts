import { describe, expect, it } from "vitest";
import { accountMail } from "./account-mail";

const link = "https://health.example/reset-password?token=abc123";

describe("accountMail", () => {
  it("writes English with the link, the lifetime in minutes and the site name", () => {
    const mail = accountMail({
      kind: "reset-password",
      to: "a@example.com",
      link,
      language: "en",
      ttlSeconds: 3600,
      siteName: "Health Chat",
    });
    expect(mail.to).toBe("a@example.com");
    expect(mail.subject).toBe("Reset your password");
    expect(mail.text).toContain(`\n${link}\n`);
    expect(mail.text).toContain("expires in 60 minutes");
    expect(mail.text).toContain("Health Chat account");
  });

  it("writes German for language de", () => {
    const mail = accountMail({
      kind: "reset-password",
      to: "a@example.com",
      link,
      language: "de",
      ttlSeconds: 1800,
      siteName: "Gesundheitschat",
    });
    expect(mail.subject).toBe("Passwort zurücksetzen");
    expect(mail.text).toContain(`\n${link}\n`);
    expect(mail.text).toContain("läuft in 30 Minuten ab");
    expect(mail.text).toContain("Gesundheitschat-Kontos");
  });

  it("asks to confirm the address, in English and German", () => {
    const verify = "https://health.example/api/auth/verify-email?token=xyz&callbackURL=%2Femail-verified";
    const en = accountMail({
      kind: "verify-email",
      to: "a@example.com",
      link: verify,
      language: "en",
      ttlSeconds: 86400,
      siteName: "Health Chat",
    });
    expect(en.subject).toBe("Confirm your e-mail address");
    expect(en.text).toContain(`\n${verify}\n`);
    expect(en.text).toContain("expires in 24 hours");
    const de = accountMail({
      kind: "verify-email",
      to: "a@example.com",
      link: verify,
      language: "de",
      ttlSeconds: 3600,
      siteName: "Gesundheitschat",
    });
    expect(de.subject).toBe("Bestätigen Sie Ihre E-Mail-Adresse");
    expect(de.text).toContain(`\n${verify}\n`);
    expect(de.text).toContain("Gesundheitschat-Konto");
  });
});
