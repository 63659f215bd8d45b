ALTER TABLE "credits" ADD COLUMN "unapplied_on_issue" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
CREATE INDEX "credits_account_created_idx" ON "credits" USING btree ("account_id","created_at");--> statement-breakpoint
-- A provider credit is itself a ledger entry now (its unapplied rest moves the balance with no credit note).
CREATE CONSTRAINT TRIGGER ledger_changed AFTER INSERT OR UPDATE OR DELETE ON credits DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_account_row_changed();
