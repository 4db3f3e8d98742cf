import { getTableName, is, sql } from "drizzle-orm";
import { getTableConfig, PgArray, type PgColumn, PgTable } from "drizzle-orm/pg-core";
import { describe, expect, expectTypeOf, it } from "vitest";
import type { z } from "zod";
import type { Database } from "../../src/server/db/client";
import type { AuditEvent, Message, Profile } from "../../src/server/db/schema";
import * as schema from "../../src/server/db/schema";
import type { apiErrors } from "../../src/server/http/api-error";
import type { ApiErrorCode } from "../../src/shared/errors";
import type { feedbackReasonSchema, feedbackSchema, messageSchema, messageStatusSchema, senderSchema } from "../../src/shared/schemas/chat";
import type { languageSchema } from "../../src/shared/schemas/profile";
import type { auditEventSchema, exportFormatSchema, exportKindSchema } from "../../src/shared/schemas/research";
import type {
  AuditAction,
  ExportFormat,
  ExportKind,
  FeedbackKind,
  FeedbackReason,
  Language,
  MessageStatus,
  ModelCheckOutcome,
  RedFlagCategory,
  RedFlagLayer,
  ReplyErrorCode,
  Sender,
  TextSize,
  Theme,
} from "../../src/shared/values";
import { describeEachDatabase } from "../helpers/test-app";

// One home for every enumeration (src/shared/values.ts): the database columns, their CHECK constraints and the zod
// schemas all take their values from the same tuples. These fail when a value is added in one place only.

describe("the types of every enumeration come from src/shared/values.ts", () => {
  it("types the database columns with the shared unions", () => {
    expectTypeOf<Message["sender"]>().toEqualTypeOf<Sender>();
    expectTypeOf<Message["status"]>().toEqualTypeOf<MessageStatus>();
    expectTypeOf<Message["feedback"]>().toEqualTypeOf<FeedbackKind | null>();
    expectTypeOf<Message["feedbackReason"]>().toEqualTypeOf<FeedbackReason | null>();
    expectTypeOf<Message["errorCode"]>().toEqualTypeOf<ReplyErrorCode | null>();
    expectTypeOf<Message["language"]>().toEqualTypeOf<Language | null>();
    expectTypeOf<Message["redFlags"]>().toEqualTypeOf<RedFlagCategory[]>();
    expectTypeOf<Message["redFlagModelOutcome"]>().toEqualTypeOf<ModelCheckOutcome | null>();
    expectTypeOf<Message["redFlagModelCategory"]>().toEqualTypeOf<RedFlagCategory | null>();
    expectTypeOf<Message["redFlagLayer"]>().toEqualTypeOf<RedFlagLayer | null>();
    expectTypeOf<Profile["languageCode"]>().toEqualTypeOf<Language>();
    expectTypeOf<Profile["textSize"]>().toEqualTypeOf<TextSize>();
    expectTypeOf<Profile["theme"]>().toEqualTypeOf<Theme>();
    expectTypeOf<AuditEvent["action"]>().toEqualTypeOf<AuditAction>();
  });

  it("types the zod schemas with the shared unions", () => {
    expectTypeOf<z.infer<typeof senderSchema>>().toEqualTypeOf<Sender>();
    expectTypeOf<z.infer<typeof messageStatusSchema>>().toEqualTypeOf<MessageStatus>();
    expectTypeOf<z.infer<typeof feedbackSchema>>().toEqualTypeOf<FeedbackKind>();
    expectTypeOf<z.infer<typeof feedbackReasonSchema>>().toEqualTypeOf<FeedbackReason>();
    expectTypeOf<z.infer<typeof languageSchema>>().toEqualTypeOf<Language>();
    expectTypeOf<z.infer<typeof exportKindSchema>>().toEqualTypeOf<ExportKind>();
    expectTypeOf<z.infer<typeof exportFormatSchema>>().toEqualTypeOf<ExportFormat>();
    expectTypeOf<z.infer<typeof auditEventSchema>["action"]>().toEqualTypeOf<AuditAction>();
    expectTypeOf<z.infer<typeof messageSchema>["errorCode"]>().toEqualTypeOf<ReplyErrorCode | "connection-lost" | null>();
  });

  it("gives every API error code a status and a message in one server table", () => {
    expectTypeOf<keyof typeof apiErrors>().toEqualTypeOf<ApiErrorCode>();
  });
});

/** Every enumerated column of the schema (text with `enum`, or an array of it), except computed ones. */
function enumColumns() {
  const tables = (Object.values(schema) as unknown[]).filter((value): value is PgTable => is(value, PgTable));
  return tables.flatMap((table) =>
    getTableConfig(table)
      .columns.filter((column) => !column.generated)
      .flatMap((column: PgColumn) => {
        const values = is(column, PgArray) ? column.baseColumn.enumValues : column.enumValues;
        return values ? [{ table: getTableName(table), column: column.name, values, isArray: is(column, PgArray) }] : [];
      }),
  );
}

/** The string literals of each CHECK constraint in the database, by constraint name. */
async function checkLiterals(db: Database): Promise<Map<string, string[]>> {
  // Both drivers answer `{ rows }`.
  const { rows } = (await db.execute(
    sql`select conname as name, pg_get_constraintdef(oid) as definition from pg_constraint where contype = 'c'`,
  )) as unknown as { rows: { name: string; definition: string }[] };
  const literals = (definition: string) =>
    [...definition.matchAll(/'((?:[^']|'')*)'::text/g)].map((m) => (m[1] ?? "").replaceAll("''", "'"));
  return new Map(rows.map((row) => [row.name, literals(row.definition)]));
}

/** The SQLSTATE of a failed query (drizzle wraps the driver's error as `cause`). */
async function sqlStateOf(query: Promise<unknown>): Promise<string | undefined> {
  try {
    await query;
    return undefined;
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    return cause?.code ?? (error as { code?: string }).code ?? "no code";
  }
}

describeEachDatabase("the database refuses a value the code does not know", ({ createApp }) => {
  it("has a CHECK constraint for every enumerated column, listing exactly the shared tuple's values", async () => {
    const { db } = await createApp();
    const columns = enumColumns();
    expect(columns.map(({ table, column }) => `${table}.${column}`).sort()).toEqual(
      [
        "audit_events.action",
        "messages.error_code",
        "messages.feedback",
        "messages.feedback_reason",
        "messages.language",
        "messages.red_flag_model_category",
        "messages.red_flag_model_outcome",
        "messages.red_flags",
        "messages.sender",
        "messages.status",
        "profiles.language_code",
        "profiles.text_size",
        "profiles.theme",
      ].sort(),
    );
    const checks = await checkLiterals(db);
    for (const { table, column, values } of columns) {
      expect(checks.get(`${table}_${column}_check`), `${table}.${column}: no migration for its values?`).toEqual([...values]);
    }
  });

  it("stores each known value and refuses an unknown one in every enumerated column", async () => {
    const { db } = await createApp();
    await db.execute(sql`insert into users (id, name, email) values ('u1', '', 'u1@example.com')`);
    await db.execute(sql`insert into profiles (user_id) values ('u1')`);
    await db.execute(sql`insert into chats (id, user_id) values ('00000000-0000-4000-8000-000000000001', 'u1')`);
    await db.execute(
      sql`insert into messages (chat_id, position, sender, text) values ('00000000-0000-4000-8000-000000000001', 0, 'user', 'hi')`,
    );
    await db.execute(sql`insert into audit_events (action, actor_label) values ('export', 'test')`);

    for (const { table, column, values, isArray } of enumColumns()) {
      const set = (value: string) => db.execute(sql.raw(`update ${table} set ${column} = ${isArray ? `array['${value}']` : `'${value}'`}`));
      for (const value of values) expect(await sqlStateOf(set(value)), `${table}.${column} = ${value}`).toBeUndefined();
      // 23514: check_violation.
      expect(await sqlStateOf(set("not-a-known-value")), `${table}.${column} = not-a-known-value`).toBe("23514");
    }
  });
});
