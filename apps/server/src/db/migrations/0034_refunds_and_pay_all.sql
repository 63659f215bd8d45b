CREATE SEQUENCE "public"."refund_receipt_numbers" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "refund_assignments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"refund_id" bigint NOT NULL,
	"receivable_id" bigint NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	CONSTRAINT "refund_assignments_amount_positive" CHECK ("refund_assignments"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"payment_id" bigint NOT NULL,
	"account_id" bigint NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"currency" char(3) NOT NULL,
	"reason" text NOT NULL,
	"status" text NOT NULL,
	"provider_ref" text,
	"failure_message" text,
	"receipt_number" text DEFAULT 'RF-' || lpad(nextval('refund_receipt_numbers')::text, 7, '0') NOT NULL,
	"created_by_user_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "refunds_amount_positive" CHECK ("refunds"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "pay_all_id" bigint;--> statement-breakpoint
ALTER TABLE "refund_assignments" ADD CONSTRAINT "refund_assignments_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_assignments" ADD CONSTRAINT "refund_assignments_receivable_id_receivables_id_fk" FOREIGN KEY ("receivable_id") REFERENCES "public"."receivables"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refund_assignments_refund_idx" ON "refund_assignments" USING btree ("refund_id");--> statement-breakpoint
CREATE INDEX "refund_assignments_receivable_idx" ON "refund_assignments" USING btree ("receivable_id");--> statement-breakpoint
CREATE INDEX "refunds_payment_idx" ON "refunds" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "refunds_account_idx" ON "refunds" USING btree ("account_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_receipt_number_idx" ON "refunds" USING btree ("receipt_number");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_pay_all_id_payments_id_fk" FOREIGN KEY ("pay_all_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_pay_all_idx" ON "payments" USING btree ("pay_all_id") WHERE "payments"."pay_all_id" is not null;--> statement-breakpoint
-- A refund moves its account's ledger, and each of its assignments the ledger of the receivable's account.
CREATE CONSTRAINT TRIGGER ledger_changed AFTER INSERT OR UPDATE OR DELETE ON refunds DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_account_row_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_changed AFTER INSERT OR UPDATE OR DELETE ON refund_assignments DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_assignment_changed();
