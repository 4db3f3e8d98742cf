import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { OperatorUser } from "../../../shared/schemas/research";
import { useSetUserDisabled, useUserSearch } from "../../hooks/use-operator";
import { errorTextKey, type ScreenErrorTexts } from "../../lib/error-messages";
import { ConfirmDialog } from "../ConfirmDialog";
import { FormAlert } from "../FormAlert";
import styles from "./operator.module.css";

// The server refuses only one change with `bad-request`: an operator disabling their own account.
const saveErrorTexts: ScreenErrorTexts = {
  byCode: { "bad-request": "operator.users.notSelf", "operator-protected": "operator.users.operatorProtected" },
  otherwise: "operator.saveError",
};

/** Find users by e-mail and disable or enable them, each after a confirmation. */
export function UserAdmin() {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [text, setText] = useState("");
  const [search, setSearch] = useState("");
  const [tooShort, setTooShort] = useState(false);
  const [pending, setPending] = useState<OperatorUser | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const users = useUserSearch(search);
  const setDisabled = useSetUserDisabled();
  const date = new Intl.DateTimeFormat(i18n.resolvedLanguage, { dateStyle: "medium" });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = text.trim();
    setTooShort(value.length < 3);
    setDone(null);
    if (value.length >= 3) setSearch(value);
  };
  const confirm = () => {
    if (!pending) return;
    const disabled = !pending.disabled;
    setDisabled.mutate(
      { id: pending.id, disabled },
      {
        onSuccess: (user) => {
          setPending(null);
          setDone(t(disabled ? "operator.users.disabledDone" : "operator.users.enabledDone", { email: user.email }));
        },
        onError: (cause) => setError(t(errorTextKey(cause, saveErrorTexts))),
      },
    );
  };

  return (
    <>
      <form className={styles.searchForm} onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor={`${id}-email`}>{t("operator.users.search")}</label>
          <input
            id={`${id}-email`}
            type="search"
            value={text}
            autoComplete="off"
            aria-invalid={tooShort}
            aria-describedby={`${id}-hint`}
            onChange={(event) => setText(event.target.value)}
          />
          <p id={`${id}-hint`} className={`small ${tooShort ? "input-error" : "muted"}`}>
            {t("operator.users.hint")}
          </p>
        </div>
        <button type="submit" className="button button-primary">
          {t("operator.users.searchButton")}
        </button>
      </form>
      <FormAlert kind="success">{done}</FormAlert>
      {users.isError && <FormAlert kind="error">{t("operator.loadError")}</FormAlert>}
      {users.data && (
        <>
          <p className="muted small" role="status">
            {t("operator.users.found", { found: users.data.length })}
          </p>
          <ul className={styles.userList}>
            {users.data.map((user) => (
              <li key={user.id} className={styles.userRow}>
                <div>
                  <span className={styles.userEmail}>{user.email}</span>
                  <span className="small muted">
                    {t("operator.users.since", { date: date.format(user.createdAt) })} ·{" "}
                    <span className={user.disabled ? styles.statusDisabled : undefined}>
                      {t(user.disabled ? "operator.users.disabled" : "operator.users.active")}
                    </span>
                  </span>
                </div>
                <button
                  type="button"
                  className={`button ${user.disabled ? "button-secondary" : "button-danger"}`}
                  onClick={() => {
                    setError(null);
                    setDone(null);
                    setPending(user);
                  }}
                >
                  {t(user.disabled ? "operator.users.enable" : "operator.users.disable")}
                  <span className="visually-hidden"> {user.email}</span>
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
      <ConfirmDialog
        open={pending !== null}
        title={t(pending?.disabled ? "operator.users.confirmEnableTitle" : "operator.users.confirmDisableTitle")}
        text={t(pending?.disabled ? "operator.users.confirmEnableText" : "operator.users.confirmDisableText", {
          email: pending?.email ?? "",
        })}
        error={error}
        busy={setDisabled.isPending}
        onConfirm={confirm}
        onClose={() => setPending(null)}
      />
    </>
  );
}
