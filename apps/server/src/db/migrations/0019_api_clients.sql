CREATE TABLE "api_client_secrets" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"api_client_id" bigint NOT NULL,
	"secret_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "api_clients" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"name" text NOT NULL,
	"scopes" text[] NOT NULL,
	"created_by_user_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"disabled_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "actor_client_id" bigint;--> statement-breakpoint
ALTER TABLE "api_client_secrets" ADD CONSTRAINT "api_client_secrets_api_client_id_api_clients_id_fk" FOREIGN KEY ("api_client_id") REFERENCES "public"."api_clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_clients" ADD CONSTRAINT "api_clients_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_client_secrets_hash_idx" ON "api_client_secrets" USING btree ("secret_hash");--> statement-breakpoint
CREATE INDEX "api_client_secrets_client_idx" ON "api_client_secrets" USING btree ("api_client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "api_clients_client_id_idx" ON "api_clients" USING btree ("client_id");--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_client_id_api_clients_id_fk" FOREIGN KEY ("actor_client_id") REFERENCES "public"."api_clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_external_id_idx" ON "accounts" USING btree ("external_id");