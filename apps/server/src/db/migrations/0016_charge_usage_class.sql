ALTER TABLE "charges" ADD COLUMN "usage_class" smallint;--> statement-breakpoint
-- Lines written before the column: each usage class was rated at a price of its own (lib/rating
-- USAGE_RATES, in this order), so a Usage line's unit amount names the class of the records behind it.
UPDATE "charges" SET "usage_class" = array_position(ARRAY[0.25, 0.10, 0.45, 0.20, 0.01, 1.00, 0.35, 0.05]::numeric[], "unit_amount") - 1
WHERE "category" = 'Usage' AND "unit_amount" IS NOT NULL;
