ALTER TABLE "accounts" ADD COLUMN "unapplied_credit" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Accounts whose credits have something not yet applied already.
UPDATE "accounts" a SET "unapplied_credit" = true
WHERE EXISTS (
  SELECT 1 FROM "credits" c
  WHERE c."account_id" = a."id"
    AND c."amount" > COALESCE((SELECT sum(cn."amount") FROM "credit_notes" cn WHERE cn."credit_id" = c."id"), 0)
);
