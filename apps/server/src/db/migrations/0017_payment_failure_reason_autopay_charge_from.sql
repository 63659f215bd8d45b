ALTER TABLE "autopay_schedules" ADD COLUMN "charge_from" date;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "failure_reason" text;--> statement-breakpoint
UPDATE "payments" SET "failure_reason" = CASE "failure_message"
  WHEN 'The card was removed before the payment could be made.' THEN 'card_removed'
  WHEN 'The card processor could not be reached, so the payment was not made. Please try again.' THEN 'processor_unavailable'
  ELSE 'card_declined' END
WHERE "status" = 'Error';
