ALTER TABLE "accounts" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "plan_name" text;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "plan_lines" integer;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "plan_voice_minutes" integer;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "plan_text_messages" integer;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "plan_data_mb" integer;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "closed_at" timestamp with time zone;