-- Receipts are numbered from their own sequence. Payments made before get numbers in (date, id) order,
-- so the same database always numbers them alike; the sequence then goes on after the last one.
CREATE SEQUENCE "public"."payment_receipt_numbers" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "receipt_number" text;--> statement-breakpoint
UPDATE "payments" SET "receipt_number" = 'R-' || lpad(numbered.n::text, 7, '0')
FROM (SELECT "id", row_number() OVER (ORDER BY "date", "id") AS n FROM "payments") AS numbered
WHERE numbered."id" = "payments"."id";--> statement-breakpoint
SELECT setval('payment_receipt_numbers', greatest((SELECT count(*) FROM "payments"), 1), (SELECT count(*) FROM "payments") > 0);--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "receipt_number" SET DEFAULT 'R-' || lpad(nextval('payment_receipt_numbers')::text, 7, '0');--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "receipt_number" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_receipt_number_idx" ON "payments" USING btree ("receipt_number");
