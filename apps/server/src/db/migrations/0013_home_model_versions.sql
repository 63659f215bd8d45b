CREATE TABLE "home_model_versions" (
	"account_id" bigint PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
CREATE SEQUENCE "home_model_version_seq";
--> statement-breakpoint
CREATE FUNCTION home_model_changed(changed_account bigint) RETURNS void LANGUAGE sql AS $$
  INSERT INTO home_model_versions (account_id, version) VALUES (changed_account, nextval('home_model_version_seq'))
  ON CONFLICT (account_id) DO UPDATE SET version = excluded.version
$$;
--> statement-breakpoint
-- Invoices, receivables, credit notes and address links: the home model of the row's own account.
CREATE FUNCTION home_model_account_row_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM home_model_changed(OLD.account_id);
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.account_id <> OLD.account_id) THEN
    PERFORM home_model_changed(NEW.account_id);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- A payment: its account's, and (its status deciding what they owe) those of the receivables it is assigned to.
CREATE FUNCTION home_model_payment_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM home_model_changed(NEW.account_id);
    RETURN NULL;
  END IF;
  PERFORM home_model_changed(OLD.account_id);
  IF TG_OP = 'UPDATE' AND NEW.account_id <> OLD.account_id THEN
    PERFORM home_model_changed(NEW.account_id);
  END IF;
  PERFORM home_model_changed(assigned.account_id) FROM (
    SELECT DISTINCT r.account_id FROM payment_assignments pa JOIN receivables r ON r.id = pa.receivable_id
    WHERE pa.payment_id = OLD.id AND r.account_id <> OLD.account_id
  ) assigned ORDER BY assigned.account_id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- An assignment: the account of the receivable it settles.
CREATE FUNCTION home_model_assignment_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM home_model_changed(r.account_id) FROM receivables r WHERE r.id = OLD.receivable_id;
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.receivable_id <> OLD.receivable_id) THEN
    PERFORM home_model_changed(r.account_id) FROM receivables r WHERE r.id = NEW.receivable_id;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- An address: its account's, and every account linking it (the billing address gives the time zone).
CREATE FUNCTION home_model_address_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM home_model_changed(linked.account_id) FROM (
    SELECT OLD.account_id AS account_id
    UNION SELECT NEW.account_id
    UNION SELECT aa.account_id FROM account_addresses aa WHERE aa.address_id = NEW.id
  ) linked ORDER BY linked.account_id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Deferred to the commit: a version row is locked only then, after every other lock the transaction
-- takes (the account lock, foreign-key checks), so no lock order can deadlock on it.
CREATE CONSTRAINT TRIGGER home_model_changed AFTER INSERT OR UPDATE OR DELETE ON payments DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION home_model_payment_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER home_model_changed AFTER INSERT OR UPDATE OR DELETE ON payment_assignments DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION home_model_assignment_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER home_model_changed AFTER INSERT OR UPDATE OR DELETE ON invoices DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION home_model_account_row_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER home_model_changed AFTER INSERT OR UPDATE OR DELETE ON receivables DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION home_model_account_row_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER home_model_changed AFTER INSERT OR UPDATE OR DELETE ON credit_notes DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION home_model_account_row_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER home_model_changed AFTER INSERT OR UPDATE OR DELETE ON account_addresses DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION home_model_account_row_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER home_model_changed AFTER UPDATE ON addresses DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION home_model_address_changed();
