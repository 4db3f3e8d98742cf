import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { isMailOfKind, type MailKind, type ParsedMail, parseMail } from "./mail";
import { waitFor } from "./wait";

export interface ReceivedMail extends ParsedMail {
  envelopeTo: string[];
  raw: string;
}

export interface TestSmtpServer {
  url: string;
  received: ReceivedMail[];
  /** The first mail to this address (of this kind, when given). */
  waitForMail: (to: string, kind?: MailKind) => Promise<ReceivedMail>;
  close: () => Promise<void>;
}

/** A real SMTP server on 127.0.0.1 (random port, no TLS, no auth) that keeps what it receives. */
export async function startSmtpServer(): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("error", callback);
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        received.push({ ...parseMail(raw), raw, envelopeTo: session.envelope.rcptTo.map((rcpt) => rcpt.address) });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    waitForMail: (to, kind) =>
      waitFor(`an SMTP ${kind ?? ""} mail to ${to}`, () =>
        received.find((mail) => mail.envelopeTo.includes(to) && (!kind || isMailOfKind(mail, kind))),
      ),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
