CREATE TABLE "credit_notes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" bigint NOT NULL,
	"invoice_id" bigint NOT NULL,
	"receivable_id" bigint NOT NULL,
	"dispute_id" bigint,
	"amount" numeric(14, 2) NOT NULL,
	"currency" char(3) NOT NULL,
	"description" text NOT NULL,
	"created_by_user_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_notes_amount_positive" CHECK ("credit_notes"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "disputes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" bigint NOT NULL,
	"invoice_id" bigint NOT NULL,
	"charge_id" bigint,
	"cdr_id" bigint,
	"reason" text NOT NULL,
	"details" text DEFAULT '' NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"currency" char(3) NOT NULL,
	"status" text DEFAULT 'Open' NOT NULL,
	"created_by_user_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_by_user_id" bigint,
	"reviewed_at" timestamp with time zone,
	"resolved_by_user_id" bigint,
	"resolved_at" timestamp with time zone,
	"credited_amount" numeric(14, 2),
	"rejection_reason" text,
	CONSTRAINT "disputes_one_line" CHECK (("disputes"."charge_id" is null) <> ("disputes"."cdr_id" is null)),
	CONSTRAINT "disputes_amount_positive" CHECK ("disputes"."amount" > 0),
	CONSTRAINT "disputes_status_check" CHECK ("disputes"."status" in ('Open', 'UnderReview', 'Resolved', 'Rejected')),
	CONSTRAINT "disputes_credit_le_amount" CHECK ("disputes"."credited_amount" is null or ("disputes"."credited_amount" > 0 and "disputes"."credited_amount" <= "disputes"."amount"))
);
--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_receivable_id_receivables_id_fk" FOREIGN KEY ("receivable_id") REFERENCES "public"."receivables"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_dispute_id_disputes_id_fk" FOREIGN KEY ("dispute_id") REFERENCES "public"."disputes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_charge_id_charges_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."charges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_cdr_id_cdrs_id_fk" FOREIGN KEY ("cdr_id") REFERENCES "public"."cdrs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_reviewed_by_user_id_users_id_fk" FOREIGN KEY ("reviewed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_resolved_by_user_id_users_id_fk" FOREIGN KEY ("resolved_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_notes_receivable_idx" ON "credit_notes" USING btree ("receivable_id");--> statement-breakpoint
CREATE INDEX "credit_notes_account_created_idx" ON "credit_notes" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_notes_dispute_idx" ON "credit_notes" USING btree ("dispute_id");--> statement-breakpoint
CREATE INDEX "disputes_account_created_idx" ON "disputes" USING btree ("account_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "disputes_status_created_idx" ON "disputes" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "disputes_invoice_idx" ON "disputes" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "disputes_charge_idx" ON "disputes" USING btree ("charge_id") WHERE "disputes"."charge_id" is not null;--> statement-breakpoint
CREATE INDEX "disputes_cdr_idx" ON "disputes" USING btree ("cdr_id") WHERE "disputes"."cdr_id" is not null;