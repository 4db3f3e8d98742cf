DROP INDEX "chats_user_updated_idx";--> statement-breakpoint
CREATE INDEX "chats_user_updated_idx" ON "chats" USING btree ("user_id","updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);