DROP INDEX "invoices_order_uq";--> statement-breakpoint
ALTER TABLE "credit_notes" ALTER COLUMN "refund_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "replaced_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_order_current_uq" ON "invoices" USING btree ("order_id") WHERE "invoices"."replaced_at" is null;