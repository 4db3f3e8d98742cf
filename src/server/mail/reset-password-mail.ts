import type { Language } from "../../shared/schemas/profile";
import type { Mail } from "./mailer";

const texts: Record<Language, { subject: string; body: (link: string, minutes: number, site: string) => string }> = {
  en: {
    subject: "Reset your password",
    body: (link, minutes, site) =>
      `Hello,\n\nsomeone asked to reset the password of your ${site} account. To choose a new password, open this link:\n\n${link}\n\nThe link works once and expires in ${minutes} minutes. If you did not ask for this, you can ignore this e-mail; your password stays the same.\n`,
  },
  de: {
    subject: "Passwort zurücksetzen",
    body: (link, minutes, site) =>
      `Hallo,\n\njemand möchte das Passwort Ihres ${site}-Kontos zurücksetzen. Um ein neues Passwort zu wählen, öffnen Sie diesen Link:\n\n${link}\n\nDer Link funktioniert einmal und läuft in ${minutes} Minuten ab. Wenn Sie das nicht angefordert haben, können Sie diese E-Mail ignorieren; Ihr Passwort bleibt unverändert.\n`,
  },
};

export function resetPasswordMail({
  to,
  link,
  language,
  ttlSeconds,
  siteName,
}: {
  to: string;
  link: string;
  language: Language;
  ttlSeconds: number;
  siteName: string;
}): Mail {
  const text = texts[language];
  return { to, subject: text.subject, text: text.body(link, Math.round(ttlSeconds / 60), siteName) };
}
