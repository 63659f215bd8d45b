-- Call records partitioned by month of started_at (docs/decisions/0032-partitioned-call-records.md). This
-- creates the partitioned table beside the old one; an empty old table (a new installation) is swapped
-- for it at once, a populated one is copied by `npm run migrate-usage`, which swaps them when done.
ALTER TABLE "disputes" DROP CONSTRAINT "disputes_cdr_id_cdrs_id_fk";--> statement-breakpoint
CREATE TABLE "cdrs_partitioned" (
	"id" bigint DEFAULT nextval('cdrs_id_seq') NOT NULL,
	"invoice_id" bigint,
	"account_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"from_number" text NOT NULL,
	"to_number" text,
	"duration_seconds" integer DEFAULT 0 NOT NULL,
	"data_kb" integer DEFAULT 0 NOT NULL,
	"description" text NOT NULL,
	"amount" numeric(12, 4) NOT NULL,
	"usage_class" smallint,
	"direction" text DEFAULT 'outgoing' NOT NULL,
	"record_id" text,
	CONSTRAINT "cdrs_partitioned_pkey" PRIMARY KEY ("id", "started_at"),
	CONSTRAINT "cdrs_direction_check" CHECK ("direction" IN ('outgoing', 'incoming')),
	CONSTRAINT "cdrs_usage_class_check" CHECK ("usage_class" BETWEEN 0 AND 7)
) PARTITION BY RANGE ("started_at");--> statement-breakpoint
CREATE INDEX "cdrs_partitioned_invoice_idx" ON "cdrs_partitioned" USING btree ("invoice_id", "id");--> statement-breakpoint
CREATE INDEX "cdrs_partitioned_account_started_idx" ON "cdrs_partitioned" USING btree ("account_id", "started_at", "id");--> statement-breakpoint
CREATE UNIQUE INDEX "cdrs_partitioned_account_record_idx" ON "cdrs_partitioned" USING btree ("account_id", "record_id", "started_at") WHERE "record_id" is not null;--> statement-breakpoint
-- The default partition holds what arrives for a month without a partition yet; the partitions job moves
-- it into its month. Its indexes are named as db/cdr-partitions.ts names every partition's.
CREATE TABLE "cdrs_default" (LIKE "cdrs_partitioned" INCLUDING DEFAULTS INCLUDING CONSTRAINTS);--> statement-breakpoint
ALTER TABLE "cdrs_default" ADD CONSTRAINT "cdrs_default_pkey" PRIMARY KEY ("id", "started_at");--> statement-breakpoint
CREATE INDEX "cdrs_default_invoice_idx" ON "cdrs_default" USING btree ("invoice_id", "id");--> statement-breakpoint
CREATE INDEX "cdrs_default_account_started_idx" ON "cdrs_default" USING btree ("account_id", "started_at", "id");--> statement-breakpoint
CREATE UNIQUE INDEX "cdrs_default_account_record_idx" ON "cdrs_default" USING btree ("account_id", "record_id", "started_at") WHERE "record_id" is not null;--> statement-breakpoint
ALTER TABLE "cdrs_partitioned" ATTACH PARTITION "cdrs_default" DEFAULT;--> statement-breakpoint
-- The swap, once every record is in the partitioned table (the caller holds the old table's lock).
CREATE FUNCTION "cdrs_finish_conversion"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	ALTER SEQUENCE "cdrs_id_seq" OWNED BY NONE;
	DROP TABLE "cdrs";
	ALTER TABLE "cdrs_partitioned" RENAME TO "cdrs";
	ALTER INDEX "cdrs_partitioned_pkey" RENAME TO "cdrs_pkey";
	ALTER INDEX "cdrs_partitioned_invoice_idx" RENAME TO "cdrs_invoice_idx";
	ALTER INDEX "cdrs_partitioned_account_started_idx" RENAME TO "cdrs_account_started_idx";
	ALTER INDEX "cdrs_partitioned_account_record_idx" RENAME TO "cdrs_account_record_idx";
	ALTER SEQUENCE "cdrs_id_seq" OWNED BY "cdrs"."id";
END $$;--> statement-breakpoint
DO $$
BEGIN
	IF EXISTS (SELECT FROM "cdrs") THEN
		-- What the copy has moved: every record of the old table with an id up to copied_through.
		CREATE TABLE "cdrs_conversion" ("copied_through" bigint NOT NULL);
		INSERT INTO "cdrs_conversion" VALUES (0);
	ELSE
		LOCK TABLE "cdrs" IN ACCESS EXCLUSIVE MODE;
		PERFORM "cdrs_finish_conversion"();
		DROP FUNCTION "cdrs_finish_conversion"();
	END IF;
END $$;
