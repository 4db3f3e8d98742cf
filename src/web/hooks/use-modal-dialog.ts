import { type RefObject, useEffect } from "react";

/** Opens a <dialog> as a modal (focus trapped, Escape closes, the rest inert) while `open` is true. */
export function useModalDialog(ref: RefObject<HTMLDialogElement | null>, open: boolean) {
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [ref, open]);
}
