import { useTranslation } from "react-i18next";

/** A drawing of a conversation for the landing page; it is labelled as an illustration, not a real chat. */
export function ChatIllustration() {
  const { t } = useTranslation();
  return (
    <figure className="chat-illustration" aria-label={t("landing.illustrationAlt")}>
      <div className="bubble bubble-user" aria-hidden="true">
        {t("landing.illustrationQuestion")}
      </div>
      <div className="bubble bubble-assistant" aria-hidden="true">
        {t("landing.illustrationAnswer")}
      </div>
    </figure>
  );
}
