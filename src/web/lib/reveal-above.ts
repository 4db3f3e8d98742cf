/** Room kept between a revealed element and the edge it is brought to, in pixels. */
const MARGIN = 12;

/**
 * Scrolls `container` (the conversation's scroll container, with the input area below it, never over it) so
 * that `element` shows in the part not covered by `coveredTop` (the app bar that sticks to its top): all of it
 * when it fits (brought just above the container's bottom edge, i.e. above the input), or else from its top, so
 * that its heading is what shows.
 */
export function revealAbove(
  element: HTMLElement,
  container: HTMLElement | null,
  coveredTop: HTMLElement | null,
  behavior: ScrollBehavior,
): void {
  if (!container) return;
  const box = element.getBoundingClientRect();
  const view = container.getBoundingClientRect();
  // Where the stuck header ends once the container has scrolled (before that, it may still sit lower).
  const visibleTop = view.top + (coveredTop?.offsetHeight ?? 0);
  // On a phone with the keyboard open, the screen may end above the container's bottom edge.
  const screen = window.visualViewport;
  const visibleBottom = Math.min(view.bottom, screen ? screen.offsetTop + screen.height : window.innerHeight);
  const fits = box.height + 2 * MARGIN <= visibleBottom - visibleTop;
  const by = fits ? box.bottom + MARGIN - visibleBottom : box.top - MARGIN - visibleTop;
  if (Math.abs(by) >= 1) container.scrollBy({ top: by, behavior });
}
