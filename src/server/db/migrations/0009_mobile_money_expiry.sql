ALTER TYPE "public"."order_status" ADD VALUE 'expired';--> statement-breakpoint
CREATE INDEX "orders_email_lower_created_idx" ON "orders" USING btree (lower("email"),"created_at");