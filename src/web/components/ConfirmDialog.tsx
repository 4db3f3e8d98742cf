import { useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useModalDialog } from "../hooks/use-modal-dialog";
import { FormAlert } from "./FormAlert";

interface Props {
  open: boolean;
  title: string;
  text: string;
  error?: string | null;
  busy?: boolean;
  /** The confirming button's text, naming what it does ("Delete"); "Confirm" when not given. */
  confirmLabel?: string;
  onConfirm: () => void;
  onClose: () => void;
}

/** A modal confirmation built on <dialog>, which traps focus and closes on Escape. */
export function ConfirmDialog({ open, title, text, error, busy, confirmLabel, onConfirm, onClose }: Props) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useModalDialog(ref, open);
  return (
    <dialog ref={ref} className="dialog" aria-labelledby={titleId} onClose={onClose}>
      <h2 id={titleId}>{title}</h2>
      <p>{text}</p>
      <FormAlert kind="error">{error}</FormAlert>
      <div className="dialog-actions">
        <button type="button" className="button button-secondary" onClick={onClose}>
          {t("common.close")}
        </button>
        <button type="button" className="button button-danger" onClick={onConfirm} disabled={busy}>
          {confirmLabel ?? t("common.confirm")}
        </button>
      </div>
    </dialog>
  );
}
