import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { brokenPasswordRules, type PasswordPolicy, type PasswordRule } from "../../shared/schemas/password-policy";
import { usePasswordPolicy } from "../hooks/use-public-config";
import styles from "./PasswordRules.module.css";

/** The policy's rules in the order the form lists them; "common" is checked by the server only. */
function policyRules(policy: PasswordPolicy): (PasswordRule | "common")[] {
  return [
    "minLength" as const,
    ...(policy.maxLength !== undefined ? (["maxLength"] as const) : []),
    ...(policy.requireLowercase ? (["lowercase"] as const) : []),
    ...(policy.requireUppercase ? (["uppercase"] as const) : []),
    ...(policy.requireDigit ? (["digit"] as const) : []),
    ...(policy.requireSymbol ? (["symbol"] as const) : []),
    ...(policy.rejectsCommonPasswords ? (["common"] as const) : []),
  ];
}

/** One rule as the form says it ("an uppercase letter"). */
export function ruleText(t: TFunction, rule: PasswordRule | "common", policy: PasswordPolicy): string {
  switch (rule) {
    case "minLength":
      return t("auth.ruleMinLength", { count: policy.minLength });
    case "maxLength":
      return t("auth.ruleMaxLength", { count: policy.maxLength });
    case "lowercase":
      return t("auth.ruleLowercase");
    case "uppercase":
      return t("auth.ruleUppercase");
    case "digit":
      return t("auth.ruleDigit");
    case "symbol":
      return t("auth.ruleSymbol", { symbols: policy.allowedSymbols.slice(0, 8) });
    case "common":
      return t("auth.ruleNotCommon");
  }
}

/** Lists the server's password rules under a new-password field, each ticked as soon as the typed password meets it. */
export function PasswordRules({ id, password }: { id: string; password: string }) {
  const { t } = useTranslation();
  const { data: policy } = usePasswordPolicy();
  if (!policy) return null;
  const broken = new Set<string>(brokenPasswordRules(password, policy));
  return (
    <div id={id} className={styles.passwordRules}>
      <p>{t("auth.rulesTitle")}</p>
      <ul>
        {policyRules(policy).map((rule) => {
          const state = password === "" || rule === "common" ? "open" : broken.has(rule) ? "unmet" : "met";
          return (
            <li
              key={rule}
              className={state === "met" ? `${styles.passwordRule} ${styles.passwordRuleMet}` : styles.passwordRule}
              data-state={state}
            >
              <span aria-hidden="true" className={styles.passwordRuleMark}>
                {state === "met" ? "✓" : "•"}
              </span>
              {ruleText(t, rule, policy)}
              {state !== "open" && <span className="visually-hidden"> ({t(state === "met" ? "auth.ruleMet" : "auth.ruleNotMet")})</span>}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
