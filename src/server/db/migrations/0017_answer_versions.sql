-- Versions of a turn: a regenerated answer and an edited question are kept (superseded_at set) instead of deleted,
-- so the position is unique only among current messages. Each reply names the question it answered; replies saved
-- before this answered the last user message before them.
DROP INDEX "messages_chat_position_idx";--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "question_id" uuid;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "superseded_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "messages_chat_versions_idx" ON "messages" USING btree ("chat_id","position") WHERE "messages"."superseded_at" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "messages_chat_position_idx" ON "messages" USING btree ("chat_id","position") WHERE "messages"."superseded_at" is null;--> statement-breakpoint
UPDATE "messages" AS "a" SET "question_id" = (
  SELECT "q"."id" FROM "messages" AS "q"
  WHERE "q"."chat_id" = "a"."chat_id" AND "q"."sender" = 'user' AND "q"."position" < "a"."position"
  ORDER BY "q"."position" DESC LIMIT 1
) WHERE "a"."sender" = 'assistant';
