import { type RefObject, useEffect, useState } from "react";

/**
 * Whether the element matching `selector` is wholly in view in `scroller`, below what covers its top (the sticky
 * app bar). True while there is no such element; `watchKey` says when to look for it again.
 */
export function useFullyInView({
  scroller,
  selector,
  coveredTop,
  watchKey,
}: {
  scroller: HTMLElement | null;
  selector: string | null;
  coveredTop: RefObject<HTMLElement | null>;
  watchKey: string;
}): boolean {
  const [inView, setInView] = useState(true);
  useEffect(() => {
    setInView(true);
    const element = selector && watchKey ? scroller?.querySelector(selector) : null;
    if (!scroller || !element) return;
    const covered = coveredTop.current?.offsetHeight ?? 0;
    const observer = new IntersectionObserver(
      (entries) => {
        const entry = entries.at(-1);
        if (entry) setInView(entry.isIntersecting && entry.intersectionRatio > 0.98);
      },
      { root: scroller, rootMargin: `-${covered}px 0px 0px 0px`, threshold: [0, 0.5, 0.99, 1] },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [scroller, selector, coveredTop, watchKey]);
  return inView;
}
