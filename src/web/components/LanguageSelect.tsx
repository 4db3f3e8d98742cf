import { useId } from "react";
import { useTranslation } from "react-i18next";
import { languages } from "../../shared/values";
import { useChangeLanguage } from "../hooks/use-language";
import { currentLanguage } from "../i18n";
import { FormAlert } from "./FormAlert";
import styles from "./LanguageSelect.module.css";

/** The language dropdown (English / Deutsch); saves the choice for signed-in users. */
export function LanguageSelect() {
  const { t } = useTranslation();
  const id = useId();
  const change = useChangeLanguage();
  return (
    <div className={`field ${styles.languageSelect}`}>
      <label htmlFor={id}>{t("common.language")}</label>
      <select
        id={id}
        value={currentLanguage()}
        onChange={(event) => {
          const language = languages.find((code) => code === event.target.value);
          if (language) change.mutate(language);
        }}
      >
        <option value="en" lang="en">
          {t("common.english")}
        </option>
        <option value="de" lang="de">
          {t("common.german")}
        </option>
      </select>
      <FormAlert kind="error">{change.isError ? t("account.languageSaveError") : null}</FormAlert>
    </div>
  );
}
