import { and, asc, desc, eq, gte, isNotNull, lt, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { DailyStats, DateRange } from "../../../shared/schemas/research";
import type { Language, Sender } from "../../../shared/values";
import type { Database } from "../client";
import { chats, messages } from "../schema";

const DAY_MS = 86_400_000;
const dayOf = (column: AnyPgColumn) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')`;
const countWhere = (condition: SQL) => sql<number>`count(*) filter (where ${condition})`.mapWith(Number);
const isUser = eq(messages.sender, "user");
const isReply = eq(messages.sender, "assistant");

/** The first and the day after the last day of the range, as instants. */
export function rangeBounds(range: DateRange) {
  const start = new Date(`${range.from}T00:00:00Z`);
  return { start, end: new Date(Date.parse(`${range.to}T00:00:00Z`) + DAY_MS) };
}

/** Every day of the range, in order. */
export function daysOf(range: DateRange): string[] {
  const { start, end } = rangeBounds(range);
  const days: string[] = [];
  for (let t = start.getTime(); t < end.getTime(); t += DAY_MS) days.push(new Date(t).toISOString().slice(0, 10));
  return days;
}

/** Usage, ratings, red flags, languages and the model provider's latency and error rate, per UTC day. */
export async function dailyStats({ db, range }: { db: Database; range: DateRange }): Promise<DailyStats[]> {
  const { start, end } = rangeBounds(range);
  const [byMessages, byChats, byRatings] = await Promise.all([
    db
      .select({
        day: dayOf(messages.createdAt),
        activeUsers: sql<number>`count(distinct ${chats.userId}) filter (where ${isUser})`.mapWith(Number),
        messages: sql<number>`count(*)`.mapWith(Number),
        redFlagHits: countWhere(sql`${isUser} and ${messages.redFlagLayer} is not null`),
        redFlagsRulesOnly: countWhere(sql`${isUser} and ${eq(messages.redFlagLayer, "rules")}`),
        redFlagsModelOnly: countWhere(sql`${isUser} and ${eq(messages.redFlagLayer, "model")}`),
        redFlagsBoth: countWhere(sql`${isUser} and ${eq(messages.redFlagLayer, "both")}`),
        messagesEn: countWhere(sql`${isUser} and ${eq(messages.language, "en")}`),
        messagesDe: countWhere(sql`${isUser} and ${eq(messages.language, "de")}`),
        replies: countWhere(isReply),
        failedReplies: countWhere(sql`${isReply} and ${eq(messages.status, "error")}`),
        medianLatencyMs: sql<
          number | null
        >`percentile_cont(0.5) within group (order by ${messages.latencyMs}) filter (where ${isReply} and ${eq(messages.status, "complete")})`,
      })
      .from(messages)
      .innerJoin(chats, eq(chats.id, messages.chatId))
      .where(and(gte(messages.createdAt, start), lt(messages.createdAt, end)))
      .groupBy(sql`1`),
    db
      .select({ day: dayOf(chats.createdAt), chats: sql<number>`count(*)`.mapWith(Number) })
      .from(chats)
      .where(and(gte(chats.createdAt, start), lt(chats.createdAt, end)))
      .groupBy(sql`1`),
    db
      .select({
        day: dayOf(messages.feedbackAt),
        likes: countWhere(eq(messages.feedback, "like")),
        dislikes: countWhere(eq(messages.feedback, "dislike")),
      })
      .from(messages)
      .where(and(gte(messages.feedbackAt, start), lt(messages.feedbackAt, end)))
      .groupBy(sql`1`),
  ]);
  const byDay = <T extends { day: string }>(rows: T[]) => new Map(rows.map((row) => [row.day, row]));
  const [m, c, r] = [byDay(byMessages), byDay(byChats), byDay(byRatings)];
  return daysOf(range).map((day) => {
    const usage = m.get(day);
    const likes = r.get(day)?.likes ?? 0;
    const dislikes = r.get(day)?.dislikes ?? 0;
    const replies = usage?.replies ?? 0;
    const latency = usage?.medianLatencyMs;
    return {
      day,
      activeUsers: usage?.activeUsers ?? 0,
      chats: c.get(day)?.chats ?? 0,
      messages: usage?.messages ?? 0,
      likes,
      dislikes,
      likeRatio: likes + dislikes > 0 ? likes / (likes + dislikes) : null,
      redFlagHits: usage?.redFlagHits ?? 0,
      redFlagsRulesOnly: usage?.redFlagsRulesOnly ?? 0,
      redFlagsModelOnly: usage?.redFlagsModelOnly ?? 0,
      redFlagsBoth: usage?.redFlagsBoth ?? 0,
      messagesEn: usage?.messagesEn ?? 0,
      messagesDe: usage?.messagesDe ?? 0,
      medianLatencyMs: latency === null || latency === undefined ? null : Math.round(Number(latency)),
      errorRate: replies > 0 ? (usage?.failedReplies ?? 0) / replies : null,
    };
  });
}

/**
 * The user message a reply answered (the version of the question it was written for; for a row saved without
 * one, the last current user message before it), and its language.
 */
const user: Sender = "user";
const questionOf = (column: string) =>
  sql.raw(`coalesce((select q.${column} from messages q where q.id = messages.question_id), (select q.${column} from messages q
    where messages.question_id is null and q.chat_id = messages.chat_id and q.position < messages.position and q.sender = '${user}'
    and q.superseded_at is null order by q.position desc limit 1))`);
const question = sql<string>`coalesce(${questionOf("text")}, '')`;
const questionLanguage = sql<Language | null>`${questionOf("language")}`;
/** Which version of its turn's question or answer a message is: 1 for the first, counted in the order they were written. */
const versionOf = sql<number>`(select count(*) from messages v where v.chat_id = ${messages.chatId} and v.position = ${messages.position}
  and v.sender = ${messages.sender} and (v.created_at, v.id) <= (${messages.createdAt}, ${messages.id}))`.mapWith(Number);

/** Rated replies in the range (by when they were rated), newest first; only dislikes unless `all`. */
export async function ratedReplies({
  db,
  range,
  language,
  onlyDislikes,
  limit,
}: {
  db: Database;
  range: DateRange;
  language?: Language;
  onlyDislikes: boolean;
  limit?: number;
}) {
  const { start, end } = rangeBounds(range);
  const query = db
    .select({
      messageId: messages.id,
      ratedAt: messages.feedbackAt,
      userId: chats.userId,
      language: questionLanguage,
      question,
      reply: messages.text,
      feedback: messages.feedback,
      reason: messages.feedbackReason,
      comment: messages.feedbackComment,
      model: messages.model,
      promptVersion: messages.promptVersion,
      answerVersion: versionOf,
    })
    .from(messages)
    .innerJoin(chats, eq(chats.id, messages.chatId))
    .where(
      and(
        onlyDislikes ? eq(messages.feedback, "dislike") : isNotNull(messages.feedback),
        gte(messages.feedbackAt, start),
        lt(messages.feedbackAt, end),
        language ? sql`${questionLanguage} = ${language}` : undefined,
      ),
    )
    .orderBy(desc(messages.feedbackAt));
  return limit ? query.limit(limit) : query;
}

/** Every message written in the range, with its chat's owner; chats in the order they began (not by their ids, which exports replace). */
export async function messagesInRange({ db, range }: { db: Database; range: DateRange }) {
  const { start, end } = rangeBounds(range);
  return db
    .select({
      userId: chats.userId,
      chatId: messages.chatId,
      position: messages.position,
      version: versionOf,
      supersededAt: messages.supersededAt,
      sender: messages.sender,
      language: messages.language,
      text: messages.text,
      status: messages.status,
      errorCode: messages.errorCode,
      feedback: messages.feedback,
      reason: messages.feedbackReason,
      comment: messages.feedbackComment,
      redFlags: messages.redFlags,
      redFlagLayer: messages.redFlagLayer,
      redFlagModelOutcome: messages.redFlagModelOutcome,
      redFlagModelCategory: messages.redFlagModelCategory,
      redFlagPromptVersion: messages.redFlagPromptVersion,
      model: messages.model,
      promptVersion: messages.promptVersion,
      latencyMs: messages.latencyMs,
      createdAt: messages.createdAt,
    })
    .from(messages)
    .innerJoin(chats, eq(chats.id, messages.chatId))
    .where(and(gte(messages.createdAt, start), lt(messages.createdAt, end)))
    .orderBy(asc(chats.createdAt), asc(messages.chatId), asc(messages.position));
}
