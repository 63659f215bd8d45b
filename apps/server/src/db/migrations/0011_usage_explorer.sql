-- The usage explorer (issue 12 item 1): each record's rating class (roaming, overage, long distance;
-- null when the plan includes it) and direction, and an index over an account's records in time order.
-- Both columns are added without rewriting the table (nullable, constant default), so this runs in
-- moments on the 11 M-record scale data; the index build reads the table once (a plain CREATE INDEX:
-- migrations run in a transaction, where CONCURRENTLY is not allowed, and PGlite has no concurrency).
-- Records loaded before this migration have no rating class: reseed them (npm run seed) to see roaming and overage.
ALTER TABLE "cdrs" ADD COLUMN "usage_class" smallint;--> statement-breakpoint
ALTER TABLE "cdrs" ADD COLUMN "direction" text DEFAULT 'outgoing' NOT NULL;--> statement-breakpoint
ALTER TABLE "cdrs" ADD CONSTRAINT "cdrs_direction_check" CHECK ("direction" IN ('outgoing', 'incoming'));--> statement-breakpoint
ALTER TABLE "cdrs" ADD CONSTRAINT "cdrs_usage_class_check" CHECK ("usage_class" BETWEEN 0 AND 7);--> statement-breakpoint
CREATE INDEX "cdrs_account_started_idx" ON "cdrs" USING btree ("account_id","started_at","id");--> statement-breakpoint
-- Statistics for the new index, so the planner uses it from the first explorer page.
ANALYZE "cdrs";
