import { memo, Suspense, useEffect, useId, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { preloadableLazy } from "../../lib/preloadable-lazy";
import { PlainReply } from "./PlainReply";

// The Markdown renderer (micromark with GFM, 28 KB gzipped) is bigger than the rest of the chat screen's own
// code, and only replies need it: it loads with the first reply, not with the page.
// Once loaded, replies render as Markdown in the same pass (a page the server rendered is replaced without a
// moment of plain text).
const Markdown = preloadableLazy(() => import("./Markdown").then((module) => module.Markdown));
export const loadRenderer = () => Markdown.preload();

/** Starts loading the renderer, so that it is there by the first reply. */
export function useMarkdownRenderer() {
  useEffect(() => {
    // A failure is the replies' to report: their lazy component gets the same rejected promise.
    loadRenderer().catch(() => {});
  }, []);
}

/**
 * A reply rendered as Markdown, as plain text until the renderer has loaded (a saved chat shows without waiting
 * for it). Parsing is the costly part of showing a message: the same text is not parsed again when the
 * conversation around it changes.
 */
export const LazyMarkdown = memo(function LazyMarkdown({ text }: { text: string }) {
  const { t } = useTranslation();
  // An id of letters and digits only: it ends up in links' #fragments.
  const idPrefix = `m${useId().replace(/[^A-Za-z0-9]/g, "")}-`;
  const labels = useMemo(
    () => ({
      footnotes: t("chat.footnotes"),
      backToReference: (reference: string) => t("chat.footnoteBack", { reference }),
      table: t("chat.tableRegion"),
    }),
    [t],
  );
  return (
    <Suspense fallback={<PlainReply text={text} />}>
      <Markdown text={text} idPrefix={idPrefix} labels={labels} />
    </Suspense>
  );
});
