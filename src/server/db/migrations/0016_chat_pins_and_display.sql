-- Pinned and renamed chats (the history sidebar), and each user's text size and colour theme, which the browser
-- applies before the first paint. Both checks list the tuples in src/shared/values.ts.
ALTER TABLE "profiles" ADD COLUMN "text_size" text DEFAULT 'normal' NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "theme" text DEFAULT 'system' NOT NULL;--> statement-breakpoint
ALTER TABLE "chats" ADD COLUMN "pinned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chats" ADD COLUMN "renamed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_text_size_check" CHECK ("profiles"."text_size" in ('normal', 'large', 'larger'));--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_theme_check" CHECK ("profiles"."theme" in ('system', 'light', 'dark'));