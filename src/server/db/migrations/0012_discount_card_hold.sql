ALTER TABLE "discount_redemptions" ALTER COLUMN "order_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "discount_redemptions" ADD COLUMN "payment_intent_id" text;--> statement-breakpoint
ALTER TABLE "discount_redemptions" ADD COLUMN "held_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "discount_redemptions" ADD CONSTRAINT "discount_redemptions_payment_intent_id_unique" UNIQUE("payment_intent_id");