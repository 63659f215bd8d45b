CREATE TABLE "usage_batches" (
	"id" text PRIMARY KEY NOT NULL,
	"api_client_id" bigint NOT NULL,
	"body_hash" text NOT NULL,
	"loaded" integer NOT NULL,
	"duplicates" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cdrs" ALTER COLUMN "invoice_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "cdrs" ADD COLUMN "record_id" text;--> statement-breakpoint
ALTER TABLE "usage_batches" ADD CONSTRAINT "usage_batches_api_client_id_api_clients_id_fk" FOREIGN KEY ("api_client_id") REFERENCES "public"."api_clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cdrs_account_record_idx" ON "cdrs" USING btree ("account_id","record_id") WHERE "cdrs"."record_id" is not null;