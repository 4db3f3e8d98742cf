import { saveDraft } from "../hooks/use-draft";

/** What the server marks `#root` with when it sent a page's markup (src/server/web/page-markup.ts). */
const marker = "data-server-rendered";

/**
 * The markup the server sent in `#root` (the landing page; a saved chat, to its owner), or undefined. The app's
 * first render replaces it: what was typed in its message box meanwhile, and the focus, carry over.
 */
export function serverMarkup(root: HTMLElement, chatId: string | undefined) {
  if (!root.hasAttribute(marker)) return undefined;
  let focused = false;
  return {
    /** Just before the first render: the text typed so far becomes the chat's draft. */
    beforeRender() {
      const box = root.querySelector("textarea");
      if (box?.value) saveDraft(chatId, box.value);
      focused = box !== null && document.activeElement === box;
    },
    /** Once the app's markup is in place (its layout effects run). */
    afterRender() {
      root.removeAttribute(marker);
      if (focused) root.querySelector("textarea")?.focus();
    },
  };
}
