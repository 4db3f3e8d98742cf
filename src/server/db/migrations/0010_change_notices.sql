-- Change notices (src/server/db/change-notices.ts): every server process caches prompts and sessions in memory and
-- drops its copies when the database says they changed. The notices come from triggers, so every writer is covered:
-- better-auth, the operator dashboard, the CLI commands, another server process, plain SQL.
-- Payloads on the channel app_changes: "prompts"; "session:<id>,<id>…" (never a session token: that is the
-- credential); "user:<id>,<id>…" (never an e-mail address); "sessions" (all of them, e.g. after TRUNCATE).
-- Ids go out in groups of 200, well below NOTIFY's 8000-byte payload limit.
CREATE FUNCTION "notify_prompts_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('app_changes', 'prompts');
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "starting_prompts_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "starting_prompts"
	FOR EACH STATEMENT EXECUTE FUNCTION "notify_prompts_changed"();
--> statement-breakpoint
CREATE FUNCTION "notify_ids"(prefix text, ids text[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
	start integer := 1;
BEGIN
	WHILE start <= coalesce(array_length(ids, 1), 0) LOOP
		PERFORM pg_notify('app_changes', prefix || ':' || array_to_string(ids[start:start + 199], ','));
		start := start + 200;
	END LOOP;
END
$$;
--> statement-breakpoint
-- A session that is deleted (sign-out, revoke, password reset, disabled or deleted user) or made shorter or moved to
-- another token or user. Extending a session (better-auth's updateAge) needs no notice: a cache holds the older,
-- earlier expiry and checks again then.
CREATE FUNCTION "notify_sessions_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM "notify_ids"('session', ARRAY(SELECT "id" FROM "gone"));
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "notify_sessions_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM "notify_ids"('session', ARRAY(
		SELECT "before"."id" FROM "before" LEFT JOIN "after" ON "after"."id" = "before"."id"
		WHERE "after"."id" IS NULL
			OR "after"."expires_at" < "before"."expires_at"
			OR "after"."token" <> "before"."token"
			OR "after"."user_id" <> "before"."user_id"
			OR "after"."created_at" <> "before"."created_at"
	));
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "notify_all_sessions"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('app_changes', 'sessions');
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "sessions_deleted" AFTER DELETE ON "sessions" REFERENCING OLD TABLE AS "gone"
	FOR EACH STATEMENT EXECUTE FUNCTION "notify_sessions_deleted"();
--> statement-breakpoint
CREATE TRIGGER "sessions_changed" AFTER UPDATE ON "sessions" REFERENCING OLD TABLE AS "before" NEW TABLE AS "after"
	FOR EACH STATEMENT EXECUTE FUNCTION "notify_sessions_changed"();
--> statement-breakpoint
CREATE TRIGGER "sessions_truncated" AFTER TRUNCATE ON "sessions"
	FOR EACH STATEMENT EXECUTE FUNCTION "notify_all_sessions"();
--> statement-breakpoint
-- A user who is deleted or changed (disabled, e-mail changed or verified): cached sessions carry the user row.
CREATE FUNCTION "notify_users_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM "notify_ids"('user', ARRAY(SELECT "id" FROM "gone"));
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "notify_users_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM "notify_ids"('user', ARRAY(
		SELECT "before"."id" FROM "before" LEFT JOIN "after" ON "after"."id" = "before"."id"
		WHERE "after"."id" IS NULL OR "after" IS DISTINCT FROM "before"
	));
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "users_deleted" AFTER DELETE ON "users" REFERENCING OLD TABLE AS "gone"
	FOR EACH STATEMENT EXECUTE FUNCTION "notify_users_deleted"();
--> statement-breakpoint
CREATE TRIGGER "users_changed" AFTER UPDATE ON "users" REFERENCING OLD TABLE AS "before" NEW TABLE AS "after"
	FOR EACH STATEMENT EXECUTE FUNCTION "notify_users_changed"();
--> statement-breakpoint
CREATE TRIGGER "users_truncated" AFTER TRUNCATE ON "users"
	FOR EACH STATEMENT EXECUTE FUNCTION "notify_all_sessions"();
