import type { FormEvent, ReactNode } from "react";
import { FormAlert } from "./FormAlert";
import { PublicHeader } from "./PublicHeader";

interface Props {
  title: string;
  /** Called on submit (the browser's own submit and its validation are off); without it, the card holds no form. */
  onSubmit?: () => void;
  /** Shown at the top of the form, announced to screen readers. */
  error?: string | null;
  children: ReactNode;
}

/** The frame the sign-in, sign-up and password-reset pages share: the public header, the heading and one card. */
export function AuthFormPage({ title, onSubmit, error = null, children }: Props) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit?.();
  };
  return (
    <div className="auth-layout">
      <PublicHeader />
      <main id="main" className="page narrow">
        <h1>{title}</h1>
        {onSubmit ? (
          <form className="card form" onSubmit={submit} noValidate>
            <FormAlert kind="error">{error}</FormAlert>
            {children}
          </form>
        ) : (
          <div className="card form">{children}</div>
        )}
      </main>
    </div>
  );
}
