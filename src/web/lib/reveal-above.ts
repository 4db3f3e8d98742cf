/** Room kept between a revealed element and the edge it is brought to, in pixels. */
const MARGIN = 12;

/**
 * Scrolls the page so that `element` shows in the part of the screen not covered by the sticky `footer`: all of it
 * when it fits there (brought just above the footer), or else from its top, so that its heading is what shows.
 */
export function revealAbove(element: HTMLElement, footer: HTMLElement | null): void {
  const box = element.getBoundingClientRect();
  const visibleBottom = window.innerHeight - (footer?.offsetHeight ?? 0);
  const fits = box.height + 2 * MARGIN <= visibleBottom;
  const by = fits ? box.bottom + MARGIN - visibleBottom : box.top - MARGIN;
  const behavior = matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth";
  window.scrollBy({ top: by, behavior });
}
