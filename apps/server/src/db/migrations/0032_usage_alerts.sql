CREATE TABLE "usage_alert_settings" (
	"account_id" bigint PRIMARY KEY NOT NULL,
	"allowances" jsonb NOT NULL,
	"overage_amount" numeric(14, 2),
	"email" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "usage_alerts_fired" (
	"account_id" bigint NOT NULL,
	"period_start" date NOT NULL,
	"alert" text NOT NULL,
	"threshold" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "usage_alerts_fired_account_id_period_start_alert_threshold_pk" PRIMARY KEY("account_id","period_start","alert","threshold")
);
--> statement-breakpoint
CREATE TABLE "usage_limits" (
	"account_id" bigint PRIMARY KEY NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "usage_alert_settings" ADD CONSTRAINT "usage_alert_settings_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_alerts_fired" ADD CONSTRAINT "usage_alerts_fired_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_limits" ADD CONSTRAINT "usage_limits_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;