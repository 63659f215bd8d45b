CREATE TABLE "bank_debit_agreements" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" bigint NOT NULL,
	"checkout_session_id" text NOT NULL,
	"payment_method_id" bigint,
	"scheme" text NOT NULL,
	"version" text NOT NULL,
	"language" text NOT NULL,
	"accepted_at" timestamp with time zone NOT NULL,
	"accepted_by_user_id" bigint,
	"accepted_by_name" text NOT NULL,
	"accepted_by_email" text,
	"ip_address" text NOT NULL,
	"billing_address" text NOT NULL,
	CONSTRAINT "bank_debit_agreements_checkout_session_id_unique" UNIQUE("checkout_session_id")
);
--> statement-breakpoint
ALTER TABLE "payment_methods" ALTER COLUMN "exp_month" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_methods" ALTER COLUMN "exp_year" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_vault" ALTER COLUMN "exp_month" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_vault" ALTER COLUMN "exp_year" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "method_type" text DEFAULT 'card' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD COLUMN "type" text DEFAULT 'card' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD COLUMN "bank_scheme" text;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD COLUMN "bank_routing" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "bank_debit" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_vault" ADD COLUMN "return_reason" text;--> statement-breakpoint
ALTER TABLE "sandbox_vault" ADD COLUMN "bank_scheme" text;--> statement-breakpoint
ALTER TABLE "sandbox_vault" ADD COLUMN "bank_routing" text;--> statement-breakpoint
ALTER TABLE "bank_debit_agreements" ADD CONSTRAINT "bank_debit_agreements_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_debit_agreements" ADD CONSTRAINT "bank_debit_agreements_checkout_session_id_checkout_sessions_id_fk" FOREIGN KEY ("checkout_session_id") REFERENCES "public"."checkout_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_debit_agreements" ADD CONSTRAINT "bank_debit_agreements_payment_method_id_payment_methods_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."payment_methods"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_debit_agreements" ADD CONSTRAINT "bank_debit_agreements_accepted_by_user_id_users_id_fk" FOREIGN KEY ("accepted_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bank_debit_agreements_account_idx" ON "bank_debit_agreements" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "bank_debit_agreements_payment_method_idx" ON "bank_debit_agreements" USING btree ("payment_method_id");