import type { Language } from "../../shared/schemas/profile";
import type { Mail } from "./mailer";

/**
 * The mails about an account: a password reset link; the link that confirms the e-mail address; a reset link for
 * the owner of an address someone tried to sign up with again; and, once an operator's address is confirmed, the
 * link that sets the password their role waits for.
 */
export type AccountMailKind = "reset-password" | "verify-email" | "existing-account" | "operator-password";
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
        `Hello,\n\nplease confirm that this e-mail address belongs to your ${site} account: open this link and press “Confirm my e-mail address” on the page it opens:\n\n${link}\n\nThe link expires in ${time}; you can ask for a new one on the chat screen. If you did not create an account, do not confirm; you can ignore this e-mail.\n`,
    },
    de: {
      subject: "Bestätigen Sie Ihre E-Mail-Adresse",
      body: (link, time, site) =>
        `Hallo,\n\nbitte bestätigen Sie, dass diese E-Mail-Adresse zu Ihrem ${site}-Konto gehört: Öffnen Sie diesen Link und klicken Sie auf der Seite, die sich öffnet, auf „E-Mail-Adresse bestätigen“:\n\n${link}\n\nDer Link läuft in ${time} ab; einen neuen können Sie im Chat anfordern. Wenn Sie kein Konto angelegt haben, bestätigen Sie bitte nicht; Sie können diese E-Mail ignorieren.\n`,
    },
  },
  "existing-account": {
    en: {
      subject: "Someone tried to sign up with your e-mail address",
      body: (link, time, site) =>
        `Hello,\n\nsomeone tried to create a new ${site} account with this e-mail address, which already has an account. If it was you, you can choose a new password with this link and then sign in:\n\n${link}\n\nThe link works once and expires in ${time}. If it was not you, you can ignore this e-mail; your account and your password stay as they are.\n`,
    },
    de: {
      subject: "Jemand wollte sich mit Ihrer E-Mail-Adresse registrieren",
      body: (link, time, site) =>
        `Hallo,\n\njemand wollte mit dieser E-Mail-Adresse ein neues ${site}-Konto anlegen, doch zu dieser Adresse gibt es bereits ein Konto. Wenn Sie das waren, können Sie über diesen Link ein neues Passwort wählen und sich dann anmelden:\n\n${link}\n\nDer Link funktioniert einmal und läuft in ${time} ab. Wenn Sie das nicht waren, können Sie diese E-Mail ignorieren; Ihr Konto und Ihr Passwort bleiben unverändert.\n`,
    },
  },
  "operator-password": {
    en: {
      subject: "Set your password to use the research dashboard",
      body: (link, time, site) =>
        `Hello,\n\nyour e-mail address is confirmed. This ${site} account has the operator role (research dashboard, exports and prompts). For your protection, the role starts only once you have chosen a password with this link; the password chosen at sign-up is not enough:\n\n${link}\n\nThe link works once and expires in ${time}. If it has expired, use “Forgot password” on the sign-in page.\n`,
    },
    de: {
      subject: "Legen Sie Ihr Passwort für das Forschungs-Dashboard fest",
      body: (link, time, site) =>
        `Hallo,\n\nIhre E-Mail-Adresse ist bestätigt. Dieses ${site}-Konto hat die Operator-Rolle (Forschungs-Dashboard, Exporte und Prompts). Zu Ihrem Schutz gilt sie erst, wenn Sie über diesen Link ein Passwort gewählt haben; das bei der Registrierung gewählte Passwort genügt dafür nicht:\n\n${link}\n\nDer Link funktioniert einmal und läuft in ${time} ab. Ist er abgelaufen, nutzen Sie „Passwort vergessen“ auf der Anmeldeseite.\n`,
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
