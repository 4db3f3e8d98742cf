import type { ReactNode } from "react";
import styles from "./operator.module.css";

/** A wide table's own scroll area; keyboard users reach it with Tab and scroll it with the arrow keys. */
export function ScrollRegion({ label, labelledBy, children }: { label?: string; labelledBy?: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable area must be focusable to scroll without a mouse (WCAG 2.1.1)
    <section className={styles.tableScroll} aria-label={label} aria-labelledby={labelledBy} tabIndex={0}>
      {children}
    </section>
  );
}
