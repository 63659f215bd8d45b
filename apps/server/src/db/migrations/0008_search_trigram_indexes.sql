-- Search matches names, emails and phone digits anywhere in them (the account selector): trigram indexes.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "accounts_name_trgm_idx" ON "accounts" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "accounts_invoice_name_trgm_idx" ON "accounts" USING gin (lower("invoice_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "accounts_customer_no_trgm_idx" ON "accounts" USING gin (lower("customer_no") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "accounts_invoice_email_trgm_idx" ON "accounts" USING gin (lower("invoice_email_address") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contacts_full_name_trgm_idx" ON "contacts" USING gin (lower(trim(coalesce("first_name", '') || ' ' || coalesce("last_name", ''))) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contacts_email_trgm_idx" ON "contacts" USING gin (lower("primary_email") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contacts_phone_digits_trgm_idx" ON "contacts" USING gin (regexp_replace(coalesce("primary_phone", ''), '\D', '', 'g') gin_trgm_ops);--> statement-breakpoint
-- Statistics of the new index expressions, so the planner uses them from the first search.
ANALYZE "accounts";--> statement-breakpoint
ANALYZE "contacts";
