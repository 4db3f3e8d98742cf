import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import nodemailer from "nodemailer";
import type { Logger } from "../logger";

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send: (mail: Mail) => Promise<void>;
  describe: string;
}

/** Sends over SMTP when a URL is configured, otherwise writes .eml files to the outbox folder. */
export function createMailer({
  smtpUrl,
  from,
  outboxDir,
  logger,
}: {
  smtpUrl?: string;
  from: string;
  outboxDir: string;
  logger: Logger;
}): Mailer {
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      describe: "SMTP",
      send: async (mail) => {
        await transport.sendMail({ from, ...mail });
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    describe: `outbox ${outboxDir}`,
    send: async (mail) => {
      const info = await transport.sendMail({ from, ...mail });
      await mkdir(outboxDir, { recursive: true, mode: 0o700 });
      const file = join(outboxDir, `${new Date().toISOString().replace(/[:.]/g, "-")}-${info.messageId.replace(/[^a-z0-9]/gi, "")}.eml`);
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      logger.info("mail written to outbox", { file, subject: mail.subject });
    },
  };
}
