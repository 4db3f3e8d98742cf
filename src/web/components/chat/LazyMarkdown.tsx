import { lazy, memo, Suspense, useEffect, useId, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";

// The Markdown renderer (micromark with GFM, 28 KB gzipped) is bigger than the rest of the chat screen's own
// code, and only replies need it: it loads with the first reply, not with the page.
let renderer: Promise<typeof import("./Markdown")> | undefined;
let rendererLoaded = false;
export const loadRenderer = () => {
  renderer ??= import("./Markdown").then((module) => {
    rendererLoaded = true;
    return module;
  });
  return renderer;
};
const Markdown = lazy(() => loadRenderer().then((module) => ({ default: module.Markdown })));

/** Starts loading the renderer; true once it is there (or failed, which the first reply then reports). */
export function useMarkdownRenderer(): boolean {
  const [ready, setReady] = useState(rendererLoaded);
  useEffect(() => {
    const done = () => setReady(true);
    if (!ready) loadRenderer().then(done, done);
  }, [ready]);
  return ready;
}

/**
 * A reply rendered as Markdown (empty for the moment the renderer may still take to load). Parsing is the costly
 * part of showing a message, so the same text is not parsed again when the conversation around it changes.
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
    <Suspense fallback={null}>
      <Markdown text={text} idPrefix={idPrefix} labels={labels} />
    </Suspense>
  );
});
