CREATE TABLE "stamped_copies" (
	"order_item_id" uuid NOT NULL,
	"source_file_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stamped_copies_order_item_id_source_file_id_pk" PRIMARY KEY("order_item_id","source_file_id")
);
--> statement-breakpoint
ALTER TABLE "order_items" DROP CONSTRAINT "order_items_stamped_primary_file_id_stored_files_id_fk";
--> statement-breakpoint
ALTER TABLE "order_items" DROP CONSTRAINT "order_items_stamped_secondary_file_id_stored_files_id_fk";
--> statement-breakpoint
ALTER TABLE "stored_files" ADD COLUMN "light_file_id" uuid;--> statement-breakpoint
ALTER TABLE "stamped_copies" ADD CONSTRAINT "stamped_copies_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stamped_copies" ADD CONSTRAINT "stamped_copies_source_file_id_stored_files_id_fk" FOREIGN KEY ("source_file_id") REFERENCES "public"."stored_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stamped_copies" ADD CONSTRAINT "stamped_copies_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_light_file_id_stored_files_id_fk" FOREIGN KEY ("light_file_id") REFERENCES "public"."stored_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Copies stamped before this table existed were made from the guide's file of the time: keyed
-- by the guide's current file, which is the one they were made from unless it was replaced since.
INSERT INTO "stamped_copies" ("order_item_id", "source_file_id", "file_id")
SELECT oi."id", g."pdf_primary_file_id", oi."stamped_primary_file_id"
FROM "order_items" oi JOIN "travel_guides" g ON g."id" = oi."guide_id"
WHERE oi."stamped_primary_file_id" IS NOT NULL AND g."pdf_primary_file_id" IS NOT NULL
UNION ALL
SELECT oi."id", g."pdf_secondary_file_id", oi."stamped_secondary_file_id"
FROM "order_items" oi JOIN "travel_guides" g ON g."id" = oi."guide_id"
WHERE oi."stamped_secondary_file_id" IS NOT NULL AND g."pdf_secondary_file_id" IS NOT NULL
ON CONFLICT DO NOTHING;--> statement-breakpoint
ALTER TABLE "order_items" DROP COLUMN "stamped_primary_file_id";--> statement-breakpoint
ALTER TABLE "order_items" DROP COLUMN "stamped_secondary_file_id";