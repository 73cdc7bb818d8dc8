ALTER TABLE "discount_redemptions" ADD COLUMN "client_address" text;--> statement-breakpoint
CREATE INDEX "discount_redemptions_address_idx" ON "discount_redemptions" USING btree ("code_id","client_address");--> statement-breakpoint
CREATE INDEX "whatsapp_messages_to_created_idx" ON "whatsapp_messages" USING btree ("to_number","created_at");--> statement-breakpoint
-- A code that took nothing off an order no longer counts against the code's limits.
UPDATE "discount_redemptions" SET "status" = 'released' WHERE "status" <> 'released' AND "order_id" IN (SELECT "id" FROM "orders" WHERE "discount_amount" = 0);--> statement-breakpoint
-- Unpaid mobile-money orders without a payment proof hold their code's use 30 minutes from when they were placed.
UPDATE "discount_redemptions" SET "held_until" = "created_at" + interval '30 minutes' WHERE "status" = 'held' AND "held_until" IS NULL AND "order_id" IN (SELECT "id" FROM "orders" WHERE "status" = 'pending');
