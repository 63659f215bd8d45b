-- The account's version is its ledger's (invoices read it too): renamed, rows kept.
ALTER TABLE "home_model_versions" RENAME TO "ledger_versions";
--> statement-breakpoint
ALTER TABLE "ledger_versions" RENAME CONSTRAINT "home_model_versions_pkey" TO "ledger_versions_pkey";
--> statement-breakpoint
ALTER SEQUENCE "home_model_version_seq" RENAME TO "ledger_version_seq";
--> statement-breakpoint
ALTER FUNCTION home_model_changed(bigint) RENAME TO ledger_changed;
--> statement-breakpoint
ALTER FUNCTION home_model_account_row_changed() RENAME TO ledger_account_row_changed;
--> statement-breakpoint
ALTER FUNCTION home_model_payment_changed() RENAME TO ledger_payment_changed;
--> statement-breakpoint
ALTER FUNCTION home_model_assignment_changed() RENAME TO ledger_assignment_changed;
--> statement-breakpoint
ALTER FUNCTION home_model_address_changed() RENAME TO ledger_address_changed;
--> statement-breakpoint
-- Their bodies name the table, sequence and function by name: written again with the new ones.
CREATE OR REPLACE FUNCTION ledger_changed(changed_account bigint) RETURNS void LANGUAGE sql AS $$
  INSERT INTO ledger_versions (account_id, version) VALUES (changed_account, nextval('ledger_version_seq'))
  ON CONFLICT (account_id) DO UPDATE SET version = excluded.version
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ledger_account_row_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM ledger_changed(OLD.account_id);
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.account_id <> OLD.account_id) THEN
    PERFORM ledger_changed(NEW.account_id);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ledger_payment_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM ledger_changed(NEW.account_id);
    RETURN NULL;
  END IF;
  PERFORM ledger_changed(OLD.account_id);
  IF TG_OP = 'UPDATE' AND NEW.account_id <> OLD.account_id THEN
    PERFORM ledger_changed(NEW.account_id);
  END IF;
  PERFORM ledger_changed(assigned.account_id) FROM (
    SELECT DISTINCT r.account_id FROM payment_assignments pa JOIN receivables r ON r.id = pa.receivable_id
    WHERE pa.payment_id = OLD.id AND r.account_id <> OLD.account_id
  ) assigned ORDER BY assigned.account_id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ledger_assignment_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM ledger_changed(r.account_id) FROM receivables r WHERE r.id = OLD.receivable_id;
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.receivable_id <> OLD.receivable_id) THEN
    PERFORM ledger_changed(r.account_id) FROM receivables r WHERE r.id = NEW.receivable_id;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ledger_address_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM ledger_changed(linked.account_id) FROM (
    SELECT OLD.account_id AS account_id
    UNION SELECT NEW.account_id
    UNION SELECT aa.account_id FROM account_addresses aa WHERE aa.address_id = NEW.id
  ) linked ORDER BY linked.account_id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
ALTER TRIGGER home_model_changed ON payments RENAME TO ledger_changed;
--> statement-breakpoint
ALTER TRIGGER home_model_changed ON payment_assignments RENAME TO ledger_changed;
--> statement-breakpoint
ALTER TRIGGER home_model_changed ON invoices RENAME TO ledger_changed;
--> statement-breakpoint
ALTER TRIGGER home_model_changed ON receivables RENAME TO ledger_changed;
--> statement-breakpoint
ALTER TRIGGER home_model_changed ON credit_notes RENAME TO ledger_changed;
--> statement-breakpoint
ALTER TRIGGER home_model_changed ON account_addresses RENAME TO ledger_changed;
--> statement-breakpoint
ALTER TRIGGER home_model_changed ON addresses RENAME TO ledger_changed;
