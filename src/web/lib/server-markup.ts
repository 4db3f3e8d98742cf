/** What the server marks `#root` with when it sent a page's markup (src/server/web/page-markup.ts). */
const marker = "data-server-rendered";

/**
 * The markup the server sent in `#root` (the landing page; a saved chat, to its owner), or undefined. The app's
 * first render replaces it; the message box (read-only until then) keeps the focus if it had it.
 */
export function serverMarkup(root: HTMLElement) {
  if (!root.hasAttribute(marker)) return undefined;
  let focused = false;
  return {
    /** Just before the first render. */
    beforeRender() {
      const box = root.querySelector("textarea");
      focused = box !== null && document.activeElement === box;
    },
    /** Once the app's markup is in place (its layout effects run). */
    afterRender() {
      root.removeAttribute(marker);
      if (focused) root.querySelector("textarea")?.focus();
    },
  };
}
