import { useId } from "react";

interface Props {
  label: string;
  value: string;
  onChange: (value: string) => void;
  type?: "email" | "text";
  autoComplete?: string;
}

export function TextField({ label, value, onChange, type = "text", autoComplete }: Props) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} type={type} value={value} autoComplete={autoComplete} onChange={(event) => onChange(event.target.value)} />
    </div>
  );
}
