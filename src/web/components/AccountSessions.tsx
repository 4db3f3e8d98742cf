import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { AccountSession } from "../../shared/schemas/session";
import { useAccountSessions, useSignOutOthers } from "../hooks/use-account-sessions";
import styles from "./AccountSessions.module.css";
import { FormAlert } from "./FormAlert";

/** The account's sessions, this device first, and "sign out everywhere else". */
export function AccountSessions() {
  const { t, i18n } = useTranslation();
  const sessions = useAccountSessions();
  const signOutOthers = useSignOutOthers();
  const [done, setDone] = useState(false);
  const [failed, setFailed] = useState(false);
  const date = new Intl.DateTimeFormat(i18n.resolvedLanguage, { dateStyle: "medium", timeStyle: "short" });
  const others = sessions.data?.filter((session) => !session.current).length ?? 0;
  const name = (session: AccountSession) =>
    t("account.deviceName", {
      browser: session.browser ?? t("account.unknownBrowser"),
      system: session.system ?? t("account.unknownSystem"),
    });

  const signOut = () => {
    setDone(false);
    setFailed(false);
    signOutOthers.mutate(undefined, { onSuccess: () => setDone(true), onError: () => setFailed(true) });
  };

  return (
    <section className="card" aria-labelledby="sessions-heading">
      <h2 id="sessions-heading">{t("account.sessionsTitle")}</h2>
      <p>{t("account.sessionsText")}</p>
      {sessions.isError && <FormAlert kind="error">{t("account.sessionsLoadError")}</FormAlert>}
      {sessions.data && (
        <ul className={styles.sessionList}>
          {sessions.data.map((session) => (
            <li key={session.id} className={styles.sessionRow}>
              <span className={styles.sessionName}>
                {name(session)}
                {session.current && <span className={styles.sessionBadge}>{t("account.thisDevice")}</span>}
              </span>
              <span className="small muted">
                {t("account.sessionTimes", {
                  signedIn: date.format(session.createdAt),
                  lastActive: date.format(session.lastActiveAt),
                })}
              </span>
            </li>
          ))}
        </ul>
      )}
      <FormAlert kind="success">{done ? t("account.signedOutOthers") : null}</FormAlert>
      <FormAlert kind="error">{failed ? t("account.genericError") : null}</FormAlert>
      {sessions.data && others === 0 && !done && <p className="small muted">{t("account.onlyThisDevice")}</p>}
      {others > 0 && (
        <button type="button" className="button button-secondary" aria-busy={signOutOthers.isPending} onClick={signOut}>
          {t("account.signOutOthers")}
        </button>
      )}
    </section>
  );
}
