import { mkdtemp, readdir, rm, utimes } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createLogger } from "../logger";
import { createMailer } from "./mailer";
import { deleteOutboxMailTo, pruneOutbox, recipientsOf } from "./outbox";

let dir = "";
afterEach(() => rm(dir, { recursive: true, force: true }));

async function outboxWith(...recipients: string[]) {
  dir = await mkdtemp(join(tmpdir(), "outbox-test-"));
  const mailer = createMailer({ from: "Health Chat <no-reply@localhost>", outboxDir: dir, logger: createLogger("silent") });
  for (const to of recipients) await mailer.send({ to, subject: "Reset your password", text: `a link for ${to}` });
  return readdir(dir);
}

describe("the outbox", () => {
  it("finds a mail's recipients in its To header, folded or not, in any case", () => {
    expect(recipientsOf("From: x@localhost\r\nTo: Ana@Example.org\r\nSubject: hi\r\n\r\nTo: body@example.org\r\n")).toEqual([
      "ana@example.org",
    ]);
    expect(recipientsOf('To: "Ana" <ana@example.org>,\n\tben@example.org\nSubject: hi\n\nbody')).toEqual([
      "ana@example.org",
      "ben@example.org",
    ]);
    expect(recipientsOf("Subject: no recipient\n\nTo: body@example.org")).toEqual([]);
  });

  it("deletes the mails to one address only, whatever its case", async () => {
    await outboxWith("ana@example.org", "ben@example.org", "ana@example.org", "anna@example.org");
    expect(await deleteOutboxMailTo({ outboxDir: dir, email: "Ana@Example.org" })).toBe(2);
    expect(await readdir(dir)).toHaveLength(2);
    expect(await deleteOutboxMailTo({ outboxDir: join(dir, "missing"), email: "ana@example.org" })).toBe(0);
  });

  it("prunes mails written before the cutoff, by the clock it is given", async () => {
    const [old = "", recent = ""] = await outboxWith("ana@example.org", "ben@example.org");
    const now = Date.now();
    await utimes(join(dir, old), new Date(now - 2 * 3600_000), new Date(now - 2 * 3600_000));
    expect(await pruneOutbox({ outboxDir: dir, olderThanSeconds: 3600, now: new Date(now) })).toBe(1);
    expect(await readdir(dir)).toEqual([recent]);
    expect(await pruneOutbox({ outboxDir: dir, olderThanSeconds: 3600, now: new Date(now + 3 * 3600_000) })).toBe(1);
    expect(await readdir(dir)).toEqual([]);
  });
});
