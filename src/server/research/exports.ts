import type { Language } from "../../shared/schemas/profile";
import type { DateRange, RatedReply } from "../../shared/schemas/research";
import type { ExportFormat, ExportKind } from "../../shared/values";
import type { Database } from "../db/client";
import { messagesInRange, ratedReplies } from "../db/queries/research";
import { redactPersonalData } from "../safety/redact";
import { createPseudonyms } from "./pseudonyms";
import { toCsv, toJsonLines } from "./tabular";

/** Research data never carries an e-mail; identifiers people typed into their text are replaced too. */
const redact = (text: string) => redactPersonalData(text).text;

/** Rated replies with the question before each, pseudonymous: user and message (a new pseudonym key per call). */
export async function ratedRepliesForResearch(input: {
  db: Database;
  range: DateRange;
  language?: Language;
  onlyDislikes: boolean;
  limit?: number;
}): Promise<RatedReply[]> {
  const pseudonym = createPseudonyms();
  const rows = await ratedReplies(input);
  return rows.flatMap(({ userId, messageId, language, question, reply, comment, feedback, ratedAt, ...rest }) =>
    feedback && ratedAt
      ? [
          {
            ...rest,
            messageId: pseudonym.message(messageId),
            ratedAt,
            feedback,
            user: pseudonym.user(userId),
            language,
            question: redact(question),
            reply: redact(reply),
            comment: comment === null ? null : redact(comment),
          },
        ]
      : [],
  );
}

/** Every message of the range, pseudonymous (user and chat), as research export rows. */
export async function chatRowsForResearch({ db, range }: { db: Database; range: DateRange }) {
  const pseudonym = createPseudonyms();
  return (await messagesInRange({ db, range })).map(({ userId, chatId, text, comment, ...rest }) => ({
    user: pseudonym.user(userId),
    chatId: pseudonym.chat(chatId),
    ...rest,
    comment: comment === null ? null : redact(comment),
    text: redact(text),
  }));
}

const feedbackColumns = [
  "ratedAt",
  "user",
  "language",
  "feedback",
  "reason",
  "comment",
  "model",
  "promptVersion",
  "answerVersion",
  "question",
  "reply",
  "messageId",
] as const;
const chatColumns = [
  "createdAt",
  "user",
  "chatId",
  "position",
  "version",
  "supersededAt",
  "sender",
  "language",
  "status",
  "errorCode",
  "feedback",
  "reason",
  "comment",
  "redFlags",
  "redFlagLayer",
  "redFlagModelOutcome",
  "redFlagModelCategory",
  "redFlagPromptVersion",
  "model",
  "promptVersion",
  "latencyMs",
  "text",
] as const;

/** The research export of one kind over a range, as CSV or JSON Lines (same pseudonymisation in both). */
export async function researchExport({
  db,
  kind,
  range,
  format,
}: {
  db: Database;
  kind: ExportKind;
  range: DateRange;
  format: ExportFormat;
}): Promise<string> {
  if (kind === "feedback") {
    const rows = await ratedRepliesForResearch({ db, range, onlyDislikes: false });
    return format === "csv" ? toCsv(rows, [...feedbackColumns]) : toJsonLines(rows);
  }
  const rows = await chatRowsForResearch({ db, range });
  return format === "csv" ? toCsv(rows, [...chatColumns]) : toJsonLines(rows);
}
