import { useTranslation } from "react-i18next";
import { usePasswordPolicy } from "../hooks/use-public-config";

/** Lists the server's password rules under a new-password field. */
export function PasswordRules({ id }: { id: string }) {
  const { t } = useTranslation();
  const { data: policy } = usePasswordPolicy();
  if (!policy) return null;
  const rules = [
    t("auth.ruleMinLength", { count: policy.minLength }),
    policy.maxLength !== undefined ? t("auth.ruleMaxLength", { count: policy.maxLength }) : null,
    policy.requireLowercase ? t("auth.ruleLowercase") : null,
    policy.requireUppercase ? t("auth.ruleUppercase") : null,
    policy.requireDigit ? t("auth.ruleDigit") : null,
    policy.requireSymbol ? t("auth.ruleSymbol", { symbols: policy.allowedSymbols.slice(0, 8) }) : null,
    policy.rejectsCommonPasswords ? t("auth.ruleNotCommon") : null,
  ].filter((rule): rule is string => rule !== null);
  return (
    <div id={id} className="password-rules">
      <p>{t("auth.rulesTitle")}</p>
      <ul>
        {rules.map((rule) => (
          <li key={rule}>{rule}</li>
        ))}
      </ul>
    </div>
  );
}
