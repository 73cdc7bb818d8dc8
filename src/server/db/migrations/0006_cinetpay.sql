ALTER TABLE "orders" ADD COLUMN "provider_transaction_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "provider_payment_url" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "provider_status" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "provider_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "provider_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "provider_attention_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "provider_attention_reason" text;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_provider_transaction_uq" ON "orders" USING btree ("provider_transaction_id");