CREATE TABLE "sign_in_delays" (
	"email" text PRIMARY KEY NOT NULL,
	"failures" integer NOT NULL,
	"last_failed_at" timestamp with time zone NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
-- Failures are now counted per e-mail and address. The old rows (per e-mail only) carry no address, so they are
-- dropped: the locks they hold end at the upgrade.
DELETE FROM "sign_in_failures";--> statement-breakpoint
ALTER TABLE "sign_in_failures" DROP CONSTRAINT "sign_in_failures_pkey";--> statement-breakpoint
ALTER TABLE "sign_in_failures" ADD COLUMN "address" text NOT NULL;--> statement-breakpoint
ALTER TABLE "sign_in_failures" ADD CONSTRAINT "sign_in_failures_email_address_pk" PRIMARY KEY("email","address");
