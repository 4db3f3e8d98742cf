import { type RefObject, useEffect, useRef } from "react";

interface Options {
  /** The scroll container the target moves in (the viewport when not given). */
  root?: RefObject<Element | null>;
  /** How far outside the root the target counts as visible already, e.g. "300px 0px" to start early. */
  rootMargin?: string;
  enabled?: boolean;
}

/**
 * Calls `onVisible` when the target scrolls into view (an "infinite scroll" sentinel). While enabled, a target
 * already in view when the observer starts calls it at once, so loading a page that leaves it in view loads the next.
 */
export function useOnVisible(
  target: RefObject<Element | null>,
  onVisible: () => void,
  { root, rootMargin = "0px", enabled = true }: Options,
) {
  const callback = useRef(onVisible);
  useEffect(() => {
    callback.current = onVisible;
  });
  useEffect(() => {
    const element = target.current;
    if (!enabled || !element || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && callback.current(), {
      root: root?.current ?? null,
      rootMargin,
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [enabled, root, rootMargin, target]);
}
