DROP INDEX "order_items_guide_idx";--> statement-breakpoint
CREATE INDEX "order_items_guide_order_idx" ON "order_items" USING btree ("guide_id","order_id");--> statement-breakpoint
CREATE INDEX "orders_created_id_idx" ON "orders" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "orders_method_created_idx" ON "orders" USING btree ("payment_method","created_at");--> statement-breakpoint
CREATE INDEX "orders_locale_created_idx" ON "orders" USING btree ("locale","created_at");--> statement-breakpoint
CREATE INDEX "orders_name_trgm_idx" ON "orders" USING gin (lower("first_name" || ' ' || "last_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_email_trgm_idx" ON "orders" USING gin (lower("email") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_phone_digits_reversed_idx" ON "orders" USING btree (reverse(regexp_replace("phone_number", '[^0-9]', '', 'g')) text_pattern_ops);