CREATE INDEX "autopay_schedules_payment_method_idx" ON "autopay_schedules" USING btree ("payment_method_id");--> statement-breakpoint
CREATE INDEX "checkout_sessions_payment_method_idx" ON "checkout_sessions" USING btree ("payment_method_id");--> statement-breakpoint
CREATE INDEX "payments_payment_method_idx" ON "payments" USING btree ("payment_method_id");