import { useId } from "react";
import { PasswordInput } from "./PasswordInput";
import { PasswordRules } from "./PasswordRules";

interface Props {
  label: string;
  confirmLabel: string;
  password: string;
  confirm: string;
  onPasswordChange: (value: string) => void;
  onConfirmChange: (value: string) => void;
}

/** A new password, the policy's rules under it, and its confirmation (sign-up and reset). */
export function NewPasswordFields({ label, confirmLabel, password, confirm, onPasswordChange, onConfirmChange }: Props) {
  const rulesId = useId();
  return (
    <>
      <PasswordInput label={label} value={password} onChange={onPasswordChange} autoComplete="new-password" describedBy={rulesId} />
      <PasswordRules id={rulesId} password={password} />
      <PasswordInput label={confirmLabel} value={confirm} onChange={onConfirmChange} autoComplete="new-password" />
    </>
  );
}
