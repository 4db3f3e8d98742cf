import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { MAX_PROMPT_CHARS } from "../../../shared/schemas/research";
import { MAX_STARTER_QUESTION_CHARS, MAX_STARTER_QUESTIONS } from "../../../shared/schemas/starter-questions";
import { isPromptId, isStarterQuestionPromptId } from "../../../shared/values";
import { usePrompts, usePromptVersions, useSavePrompt } from "../../hooks/use-operator";
import { ReauthCancelled, useRecentLogin, type WithRecentLogin } from "../../hooks/use-recent-login";
import { FormAlert } from "../FormAlert";
import { ReauthDialog } from "../ReauthDialog";
import styles from "./operator.module.css";
import { useStarterQuestionsProblemText } from "./starter-questions-problem";

type Prompt = NonNullable<ReturnType<typeof usePrompts>["data"]>[number];

/** The starting prompts (system, title, emergency check, starter questions): edit, save as a new version, and read every earlier version. */
export function PromptEditor() {
  const { t } = useTranslation();
  const prompts = usePrompts();
  const reauth = useRecentLogin();
  if (prompts.isError) return <FormAlert kind="error">{t("operator.loadError")}</FormAlert>;
  if (!prompts.data) return <p className="muted">{t("common.loading")}</p>;
  return (
    <div className={styles.promptList}>
      {prompts.data.map((prompt) => (
        <PromptCard key={prompt.id} prompt={prompt} withRecentLogin={reauth.withRecentLogin} />
      ))}
      {/* Outside the cards: each card is a form, and the dialog holds a form of its own. */}
      <ReauthDialog {...reauth.dialog} textKey="operator.reauth.text" />
    </div>
  );
}

function PromptCard({ prompt, withRecentLogin }: { prompt: Prompt; withRecentLogin: WithRecentLogin }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [text, setText] = useState(prompt.prompt);
  const [message, setMessage] = useState<{ kind: "error" | "success"; text: string } | null>(null);
  const save = useSavePrompt(withRecentLogin);
  const time = new Intl.DateTimeFormat(i18n.resolvedLanguage, { dateStyle: "medium", timeStyle: "short" });
  const name = isPromptId(prompt.id) ? t(`operator.prompts.names.${prompt.id}`) : prompt.id;
  const starters = isStarterQuestionPromptId(prompt.id);
  const starterProblem = useStarterQuestionsProblemText();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    const value = text.trim();
    if (!value) return setMessage({ kind: "error", text: t("operator.prompts.empty") });
    if (value.length > MAX_PROMPT_CHARS)
      return setMessage({ kind: "error", text: t("operator.prompts.tooLong", { max: MAX_PROMPT_CHARS }) });
    const problem = starters ? starterProblem(value) : null;
    if (problem) return setMessage({ kind: "error", text: problem });
    setMessage(null);
    save.mutate(
      { id: prompt.id, prompt: value },
      {
        onSuccess: (saved) => {
          setText(saved.prompt);
          setMessage({ kind: "success", text: t("operator.prompts.saved", { version: saved.version }) });
        },
        onError: (cause) => setMessage(cause instanceof ReauthCancelled ? null : { kind: "error", text: t("operator.saveError") }),
      },
    );
  };

  return (
    <form className={`${styles.promptCard} card`} onSubmit={submit} noValidate aria-labelledby={`${id}-name`}>
      <h3 id={`${id}-name`}>{name}</h3>
      <p id={`${id}-info`} className={`${styles.promptInfo} small muted`}>
        {t(starters ? "operator.prompts.currentStarters" : "operator.prompts.current", {
          version: prompt.version,
          date: time.format(prompt.updatedAt),
        })}
        {starters && ` ${t("operator.prompts.starterHint", { max: MAX_STARTER_QUESTIONS, chars: MAX_STARTER_QUESTION_CHARS })}`}
      </p>
      <textarea
        className={styles.promptText}
        rows={starters ? MAX_STARTER_QUESTIONS + 1 : 8}
        value={text}
        aria-labelledby={`${id}-name`}
        aria-describedby={`${id}-info`}
        onChange={(event) => setText(event.target.value)}
      />
      {message && <FormAlert kind={message.kind}>{message.text}</FormAlert>}
      <div className={styles.buttonRow}>
        <button type="submit" className="button button-primary" aria-busy={save.isPending} disabled={text.trim() === prompt.prompt.trim()}>
          {t("operator.prompts.save")}
        </button>
      </div>
      <VersionHistory id={prompt.id} name={name} format={(date) => time.format(date)} />
    </form>
  );
}

function VersionHistory({ id, name, format }: { id: string; name: string; format: (date: Date) => string }) {
  const { t } = useTranslation();
  const versions = usePromptVersions(id);
  return (
    <details className={styles.versionHistory}>
      <summary>{t("operator.prompts.history", { name })}</summary>
      {versions.isError && <FormAlert kind="error">{t("operator.loadError")}</FormAlert>}
      <ol className={styles.versionList}>
        {versions.data?.map((version) => (
          <li key={version.version}>
            <p className={styles.versionMeta}>
              <strong>{t("operator.prompts.version", { version: version.version })}</strong>{" "}
              <span className="muted small">
                {t("operator.prompts.changed", { who: version.changedBy, date: format(version.createdAt) })}
              </span>
            </p>
            <pre className={styles.versionText}>{version.prompt}</pre>
          </li>
        ))}
      </ol>
    </details>
  );
}
