import { useEffect, useRef } from "react";

/**
 * The alert box on a form: errors are announced at once, confirmations politely.
 * A new message is scrolled into view, so on a phone it is seen even when the form's button is far below it.
 */
export function FormAlert({ kind, children }: { kind: "error" | "success"; children: string | null | undefined }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (children) ref.current?.scrollIntoView({ block: "nearest" });
  }, [children]);
  if (!children) return null;
  return (
    <div ref={ref} className={`alert alert-${kind}`} role={kind === "error" ? "alert" : "status"}>
      {children}
    </div>
  );
}
