import type { Language } from "../../shared/schemas/profile";
import type { Mail } from "./mailer";

/** The mails about an account: a password reset link, and the link that confirms the e-mail address. */
export type AccountMailKind = "reset-password" | "verify-email";
type Texts = { subject: string; body: (link: string, lifetime: string, site: string) => string };

/** "30 minutes", or whole hours from two hours on ("24 hours"). */
function lifetime(seconds: number, language: Language): string {
  const minutes = Math.round(seconds / 60);
  const hours = minutes / 60;
  if (minutes >= 120 && Number.isInteger(hours)) return language === "de" ? `${hours} Stunden` : `${hours} hours`;
  return language === "de" ? `${minutes} Minuten` : `${minutes} minutes`;
}

const texts: Record<AccountMailKind, Record<Language, Texts>> = {
  "reset-password": {
    en: {
      subject: "Reset your password",
      body: (link, time, site) =>
        `Hello,\n\nsomeone asked to reset the password of your ${site} account. To choose a new password, open this link:\n\n${link}\n\nThe link works once and expires in ${time}. If you did not ask for this, you can ignore this e-mail; your password stays the same.\n`,
    },
    de: {
      subject: "Passwort zurücksetzen",
      body: (link, time, site) =>
        `Hallo,\n\njemand möchte das Passwort Ihres ${site}-Kontos zurücksetzen. Um ein neues Passwort zu wählen, öffnen Sie diesen Link:\n\n${link}\n\nDer Link funktioniert einmal und läuft in ${time} ab. Wenn Sie das nicht angefordert haben, können Sie diese E-Mail ignorieren; Ihr Passwort bleibt unverändert.\n`,
    },
  },
  "verify-email": {
    en: {
      subject: "Confirm your e-mail address",
      body: (link, time, site) =>
        `Hello,\n\nplease confirm that this e-mail address belongs to your ${site} account by opening this link:\n\n${link}\n\nThe link expires in ${time}; you can ask for a new one on the chat screen. If you did not create an account, you can ignore this e-mail.\n`,
    },
    de: {
      subject: "Bestätigen Sie Ihre E-Mail-Adresse",
      body: (link, time, site) =>
        `Hallo,\n\nbitte bestätigen Sie, dass diese E-Mail-Adresse zu Ihrem ${site}-Konto gehört, indem Sie diesen Link öffnen:\n\n${link}\n\nDer Link läuft in ${time} ab; einen neuen können Sie im Chat anfordern. Wenn Sie kein Konto angelegt haben, können Sie diese E-Mail ignorieren.\n`,
    },
  },
};

export function accountMail({
  kind,
  to,
  link,
  language,
  ttlSeconds,
  siteName,
}: {
  kind: AccountMailKind;
  to: string;
  link: string;
  language: Language;
  ttlSeconds: number;
  siteName: string;
}): Mail {
  const text = texts[kind][language];
  return { to, subject: text.subject, text: text.body(link, lifetime(ttlSeconds, language), siteName) };
}
