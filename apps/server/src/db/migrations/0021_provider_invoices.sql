ALTER TABLE "charges" ADD COLUMN "tax_registration" text;--> statement-breakpoint
ALTER TABLE "charges" ADD COLUMN "tax_rate" numeric(7, 3);--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "request_hash" text;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_external_id_idx" ON "invoices" USING btree ("external_id");