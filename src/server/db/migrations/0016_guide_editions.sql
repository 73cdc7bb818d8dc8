CREATE TABLE "guide_editions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"guide_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"label_fr" text NOT NULL,
	"label_en" text NOT NULL,
	"pdf_primary_file_id" uuid NOT NULL,
	"pdf_secondary_file_id" uuid,
	"page_count" integer,
	"changes_fr" text DEFAULT '' NOT NULL,
	"changes_en" text DEFAULT '' NOT NULL,
	"notify_buyers" boolean DEFAULT false NOT NULL,
	"notify_total" integer,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "guide_editions_guide_number_uq" UNIQUE("guide_id","number"),
	CONSTRAINT "guide_editions_number_positive" CHECK ("guide_editions"."number" > 0)
);
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "edition_id" uuid;--> statement-breakpoint
ALTER TABLE "guide_editions" ADD CONSTRAINT "guide_editions_guide_id_travel_guides_id_fk" FOREIGN KEY ("guide_id") REFERENCES "public"."travel_guides"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guide_editions" ADD CONSTRAINT "guide_editions_pdf_primary_file_id_stored_files_id_fk" FOREIGN KEY ("pdf_primary_file_id") REFERENCES "public"."stored_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guide_editions" ADD CONSTRAINT "guide_editions_pdf_secondary_file_id_stored_files_id_fk" FOREIGN KEY ("pdf_secondary_file_id") REFERENCES "public"."stored_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_edition_id_guide_editions_id_fk" FOREIGN KEY ("edition_id") REFERENCES "public"."guide_editions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "stamped_copies_file_uq" ON "stamped_copies" USING btree ("file_id");--> statement-breakpoint
-- Every guide with a PDF gets edition 1 from its current files, and what was bought of it is edition 1.
INSERT INTO "guide_editions" ("guide_id", "number", "label_fr", "label_en", "pdf_primary_file_id", "pdf_secondary_file_id", "page_count", "published_at")
SELECT g."id", 1, 'Édition ' || extract(year FROM g."created_at")::int, extract(year FROM g."created_at")::int || ' edition',
  g."pdf_primary_file_id", g."pdf_secondary_file_id", g."page_count", g."created_at"
FROM "travel_guides" g WHERE g."pdf_primary_file_id" IS NOT NULL;--> statement-breakpoint
UPDATE "order_items" oi SET "edition_id" = e."id"
FROM "guide_editions" e WHERE e."guide_id" = oi."guide_id" AND e."number" = 1;
