ALTER TABLE "payment_receipts" RENAME TO "payment_proofs";--> statement-breakpoint
ALTER TABLE "payment_proofs" RENAME CONSTRAINT "payment_receipts_pkey" TO "payment_proofs_pkey";--> statement-breakpoint
ALTER TABLE "payment_proofs" RENAME CONSTRAINT "payment_receipts_order_id_orders_id_fk" TO "payment_proofs_order_id_orders_id_fk";--> statement-breakpoint
ALTER TABLE "payment_proofs" RENAME CONSTRAINT "payment_receipts_file_id_stored_files_id_fk" TO "payment_proofs_file_id_stored_files_id_fk";--> statement-breakpoint
ALTER INDEX "payment_receipts_order_idx" RENAME TO "payment_proofs_order_idx";
