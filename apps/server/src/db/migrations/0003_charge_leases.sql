CREATE TABLE "sandbox_charges" (
	"idempotency_key" text PRIMARY KEY NOT NULL,
	"ref" text NOT NULL,
	"card_ref" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" char(3) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_charges_ref_unique" UNIQUE("ref")
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "charge_lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "charge_attempts" integer DEFAULT 0 NOT NULL;