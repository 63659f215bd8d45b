CREATE TABLE "events" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"id" text NOT NULL,
	"transaction_id" bigint DEFAULT (pg_current_xact_id()::text)::bigint NOT NULL,
	"type" text NOT NULL,
	"version" smallint NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"account_id" bigint,
	"account_external_id" text,
	"actor_kind" text NOT NULL,
	"actor_name" text NOT NULL,
	"data" jsonb NOT NULL,
	CONSTRAINT "events_id_unique" UNIQUE("id")
);
--> statement-breakpoint
CREATE INDEX "events_feed_idx" ON "events" USING btree ("transaction_id","seq");--> statement-breakpoint
CREATE INDEX "events_occurred_idx" ON "events" USING btree ("occurred_at");