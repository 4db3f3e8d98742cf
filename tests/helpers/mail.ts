import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { waitFor } from "./wait";

export interface ParsedMail {
  /** Header names in lower case, values unfolded with encoded words decoded. */
  headers: Record<string, string>;
  subject: string;
  to: string;
  /** The text body, transfer encoding removed. */
  text: string;
}

function decodeQuotedPrintable(input: string): string {
  const bytes: number[] = [];
  const soft = input.replace(/=\r?\n/g, "");
  for (let i = 0; i < soft.length; i++) {
    const hex = soft.slice(i + 1, i + 3);
    if (soft[i] === "=" && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(soft[i] as string, "utf8"));
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

/** Decodes RFC 2047 words such as =?UTF-8?Q?Passwort_zur=C3=BCcksetzen?=. */
function decodeEncodedWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_match, _charset: string, encoding: string, data: string) =>
      encoding.toUpperCase() === "B" ? Buffer.from(data, "base64").toString("utf8") : decodeQuotedPrintable(data.replace(/_/g, " ")),
    );
}

/** A minimal parser for the single-part text mails the server sends. */
export function parseMail(raw: string): ParsedMail {
  const normalized = raw.replace(/\r\n/g, "\n");
  const split = normalized.indexOf("\n\n");
  const head = split === -1 ? normalized : normalized.slice(0, split);
  const body = split === -1 ? "" : normalized.slice(split + 2);
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\n[ \t]+/g, " ").split("\n")) {
    const colon = line.indexOf(":");
    if (colon < 1) continue;
    headers[line.slice(0, colon).trim().toLowerCase()] = decodeEncodedWords(line.slice(colon + 1).trim());
  }
  const encoding = headers["content-transfer-encoding"]?.toLowerCase();
  let text = body;
  if (encoding === "quoted-printable") text = decodeQuotedPrintable(body);
  else if (encoding === "base64") text = Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  return { headers, subject: headers.subject ?? "", to: headers.to ?? "", text };
}

/** Every .eml file in the outbox, parsed; an outbox that does not exist yet is empty. */
export async function readOutbox(outboxDir: string): Promise<ParsedMail[]> {
  let files: string[];
  try {
    files = (await readdir(outboxDir)).filter((file) => file.endsWith(".eml")).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  return Promise.all(files.map(async (file) => parseMail(await readFile(join(outboxDir, file), "utf8"))));
}

/** The links the server mails: a password reset link (also in the existing-account and operator mails), and the link to the confirmation page. */
export type MailKind = "reset" | "verify";
const linkPath: Record<MailKind, string> = { reset: "/reset-password?token=", verify: "/confirm-email?token=" };
export const isMailOfKind = (mail: ParsedMail, kind: MailKind) => mail.text.includes(linkPath[kind]);

export async function outboxMailsTo(outboxDir: string, to: string, kind?: MailKind): Promise<ParsedMail[]> {
  return (await readOutbox(outboxDir)).filter((mail) => mail.to.includes(to) && (!kind || isMailOfKind(mail, kind)));
}

/**
 * Waits (bounded) until the outbox holds the mail number `index` (0 = first) of this kind to this address.
 * The server sends mail in the background, after the HTTP answer.
 */
export async function waitForOutboxMail(outboxDir: string, to: string, index = 0, kind?: MailKind): Promise<ParsedMail> {
  return waitFor(
    `${kind ?? ""} mail #${index + 1} to ${to} in ${outboxDir}`,
    async () => (await outboxMailsTo(outboxDir, to, kind))[index],
  );
}

/** The confirmation link in a mail (a page of the web app) and its token, which the page's button posts. */
export function confirmLink(text: string): { path: string; token: string } {
  const match = text.match(/https?:\/\/[^/\s]+(\/confirm-email\?token=([^\s&]+))/);
  if (!match?.[1] || !match[2]) throw new Error(`no confirmation link in mail:\n${text}`);
  return { path: match[1], token: decodeURIComponent(match[2]) };
}

/** The reset link in a mail: `${PUBLIC_URL}/reset-password?token=…`. */
export function resetLink(text: string): { link: string; token: string } {
  const match = text.match(/(https?:\/\/\S+\/reset-password\?token=([^\s&]+))/);
  if (!match?.[1] || !match[2]) throw new Error(`no reset link in mail:\n${text}`);
  return { link: match[1], token: decodeURIComponent(match[2]) };
}
