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
    const verify = "https://health.example/confirm-email?token=xyz";
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
    expect(en.text).toContain("press “Confirm my e-mail address”");
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
    expect(de.text).toContain("auf „E-Mail-Adresse bestätigen“");
  });

  it("tells the owner of a registered address that someone tried to sign up with it, with a reset link", () => {
    const en = accountMail({
      kind: "existing-account",
      to: "a@example.com",
      link,
      language: "en",
      ttlSeconds: 3600,
      siteName: "Health Chat",
    });
    expect(en.subject).toBe("Someone tried to sign up with your e-mail address");
    expect(en.text).toContain(`\n${link}\n`);
    expect(en.text).toContain("If it was you, you can choose a new password");
    const de = accountMail({
      kind: "existing-account",
      to: "a@example.com",
      link,
      language: "de",
      ttlSeconds: 3600,
      siteName: "Health Chat",
    });
    expect(de.subject).toBe("Jemand wollte sich mit Ihrer E-Mail-Adresse registrieren");
    expect(de.text).toContain("läuft in 60 Minuten ab");
  });

  it("asks a confirmed operator to set the password the role waits for", () => {
    const en = accountMail({
      kind: "operator-password",
      to: "a@example.com",
      link,
      language: "en",
      ttlSeconds: 3600,
      siteName: "Health Chat",
    });
    expect(en.subject).toBe("Set your password to use the research dashboard");
    expect(en.text).toContain(`\n${link}\n`);
    const de = accountMail({
      kind: "operator-password",
      to: "a@example.com",
      link,
      language: "de",
      ttlSeconds: 3600,
      siteName: "Health Chat",
    });
    expect(de.subject).toBe("Legen Sie Ihr Passwort für das Forschungs-Dashboard fest");
    expect(de.text).toContain("das bei der Registrierung gewählte Passwort genügt dafür nicht");
  });
});
