import type { RenderedPage } from "./server-pages";

/** The signed-out page the server renders besides a saved chat (src/web/routes.tsx matches it in any case). */
export const landingPath = "/landingpage";
const htmlTag = '<html lang="en">';
const rootTag = '<div id="root"></div>';

/** Whether index.html has the spots a rendered page goes in. */
export function fillsIn(indexHtml: string): boolean {
  return indexHtml.includes(htmlTag) && indexHtml.includes(rootTag);
}

/**
 * index.html with a rendered page in `#root` (marked for src/web/lib/server-markup.ts) and its language on `<html>`;
 * a user's own page also tells the app its language (`data-language`). The markup is React's (escaped); replacer
 * functions keep a `$&` or `$'` in someone's message from being read as a replacement pattern.
 */
export function withMarkup(indexHtml: string, { markup, language, personal }: RenderedPage): string {
  const html = personal ? `<html lang="${language}" data-language="${language}">` : `<html lang="${language}">`;
  return indexHtml.replace(htmlTag, () => html).replace(rootTag, () => `<div id="root" data-server-rendered>${markup}</div>`);
}
