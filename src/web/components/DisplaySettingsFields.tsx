import { useId } from "react";
import { useTranslation } from "react-i18next";
import { textSizes, themes } from "../../shared/values";
import { useChangeDisplaySettings } from "../hooks/use-display-settings";
import { useProfile } from "../hooks/use-profile";
import styles from "./DisplaySettingsFields.module.css";
import { FormAlert } from "./FormAlert";

/** Text size and theme (account settings): shown at once, saved for the user on every device. */
export function DisplaySettingsFields() {
  const { t } = useTranslation();
  const sizeId = useId();
  const themeId = useId();
  const { data: profile } = useProfile();
  const change = useChangeDisplaySettings();
  if (!profile) return null;
  const current = { textSize: profile.textSize, theme: profile.theme };
  return (
    <>
      <div className={`field ${styles.displaySetting}`}>
        <label htmlFor={sizeId}>{t("account.textSize")}</label>
        <select
          id={sizeId}
          value={current.textSize}
          onChange={(event) => {
            const textSize = textSizes.find((size) => size === event.target.value);
            if (textSize) change.mutate({ ...current, textSize });
          }}
        >
          {textSizes.map((size) => (
            <option key={size} value={size}>
              {t(`account.textSizes.${size}`)}
            </option>
          ))}
        </select>
      </div>
      <div className={`field ${styles.displaySetting}`}>
        <label htmlFor={themeId}>{t("account.theme")}</label>
        <select
          id={themeId}
          value={current.theme}
          onChange={(event) => {
            const theme = themes.find((value) => value === event.target.value);
            if (theme) change.mutate({ ...current, theme });
          }}
        >
          {themes.map((theme) => (
            <option key={theme} value={theme}>
              {t(`account.themes.${theme}`)}
            </option>
          ))}
        </select>
      </div>
      <FormAlert kind="error">{change.isError ? t("account.displaySaveError") : null}</FormAlert>
    </>
  );
}
