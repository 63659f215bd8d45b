CREATE TABLE "arrangement_instalments" (
	"arrangement_id" bigint NOT NULL,
	"seq" integer NOT NULL,
	"due_date" date NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"charged_at" timestamp with time zone,
	"payment_id" bigint,
	CONSTRAINT "arrangement_instalments_arrangement_id_seq_pk" PRIMARY KEY("arrangement_id","seq"),
	CONSTRAINT "arrangement_instalments_amount_positive" CHECK ("arrangement_instalments"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "arrangement_receivables" (
	"arrangement_id" bigint NOT NULL,
	"receivable_id" bigint NOT NULL,
	"open_at_start" numeric(14, 2) NOT NULL,
	CONSTRAINT "arrangement_receivables_arrangement_id_receivable_id_pk" PRIMARY KEY("arrangement_id","receivable_id")
);
--> statement-breakpoint
CREATE TABLE "arrangements" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" bigint NOT NULL,
	"status" text DEFAULT 'Active' NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"currency" char(3) NOT NULL,
	"payment_method_id" bigint,
	"created_by_user_id" bigint,
	"by_staff" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	"closed_by_user_id" bigint,
	CONSTRAINT "arrangements_amount_positive" CHECK ("arrangements"."amount" > 0),
	CONSTRAINT "arrangements_status_check" CHECK ("arrangements"."status" in ('Active', 'Kept', 'Broken', 'Cancelled'))
);
--> statement-breakpoint
ALTER TABLE "arrangement_instalments" ADD CONSTRAINT "arrangement_instalments_arrangement_id_arrangements_id_fk" FOREIGN KEY ("arrangement_id") REFERENCES "public"."arrangements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "arrangement_instalments" ADD CONSTRAINT "arrangement_instalments_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "arrangement_receivables" ADD CONSTRAINT "arrangement_receivables_arrangement_id_arrangements_id_fk" FOREIGN KEY ("arrangement_id") REFERENCES "public"."arrangements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "arrangement_receivables" ADD CONSTRAINT "arrangement_receivables_receivable_id_receivables_id_fk" FOREIGN KEY ("receivable_id") REFERENCES "public"."receivables"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "arrangements" ADD CONSTRAINT "arrangements_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "arrangements" ADD CONSTRAINT "arrangements_payment_method_id_payment_methods_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."payment_methods"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "arrangements" ADD CONSTRAINT "arrangements_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "arrangements" ADD CONSTRAINT "arrangements_closed_by_user_id_users_id_fk" FOREIGN KEY ("closed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "arrangement_receivables_receivable_idx" ON "arrangement_receivables" USING btree ("receivable_id");--> statement-breakpoint
CREATE INDEX "arrangements_account_created_idx" ON "arrangements" USING btree ("account_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "arrangements_active_idx" ON "arrangements" USING btree ("id") WHERE "arrangements"."status" = 'Active';--> statement-breakpoint
CREATE UNIQUE INDEX "arrangements_one_active_idx" ON "arrangements" USING btree ("account_id") WHERE "arrangements"."status" = 'Active';