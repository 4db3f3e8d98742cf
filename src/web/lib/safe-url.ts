// The schemes a link or image in a reply may use (the list react-markdown used); any other scheme (javascript:,
// vbscript:, data: …) could run script or smuggle content, so its URL is emptied.
const safeScheme = /^(https?|ircs?|mailto|xmpp)$/i;

/** The URL itself when it is relative or its scheme is safe, otherwise "" (no target at all). */
export function safeUrl(url: string): string {
  const colon = url.indexOf(":");
  if (colon === -1) return url;
  // A colon after the first "/", "?" or "#" belongs to a relative URL's path, query or fragment, not to a scheme.
  const relative = ["/", "?", "#"].some((mark) => {
    const at = url.indexOf(mark);
    return at !== -1 && at < colon;
  });
  return relative || safeScheme.test(url.slice(0, colon)) ? url : "";
}
