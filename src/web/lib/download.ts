/** The file name of a `Content-Disposition: attachment; filename="…"` header (RFC 6266), or null. */
export function filenameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const encoded = header.match(/filename\*\s*=\s*utf-8''([^;]+)/i)?.[1];
  if (encoded) {
    try {
      return basename(decodeURIComponent(encoded.trim()));
    } catch {
      // A broken percent-encoding: the plain filename parameter below is the fallback RFC 6266 intends.
    }
  }
  const plain = header.match(/filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]+))/i);
  const name = plain?.[1]?.replace(/\\(.)/g, "$1") ?? plain?.[2]?.trim();
  return name ? basename(name) : null;
}

/** A suggested name is never a path into another folder. */
const basename = (name: string) => name.split(/[\\/]/).pop() || null;

// Browsers read a blob: URL after the click returns; revoking it at once cancels the download in Firefox and
// Safari. FileSaver.js waits 40 s for the same reason; the blob is freed then.
const REVOKE_AFTER_MS = 40_000;

/** Saves a fetched file through a temporary object URL and <a download>, as a plain link would have. */
export function saveFile(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}
