CREATE TABLE "guide_reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"guide_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"edition_id" uuid,
	"buyer_email" text NOT NULL,
	"reviewer_name" text NOT NULL,
	"rating" smallint NOT NULL,
	"title" text,
	"body" text,
	"locale" "locale" NOT NULL,
	"hidden_at" timestamp with time zone,
	"hidden_reason" text,
	"reply" text,
	"replied_at" timestamp with time zone,
	"demo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "guide_reviews_guide_buyer_uq" UNIQUE("guide_id","buyer_email"),
	CONSTRAINT "guide_reviews_rating_range" CHECK ("guide_reviews"."rating" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "review_write_windows" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "travel_guides" DROP CONSTRAINT "travel_guides_rating_range";--> statement-breakpoint
ALTER TABLE "guide_reviews" ADD CONSTRAINT "guide_reviews_guide_id_travel_guides_id_fk" FOREIGN KEY ("guide_id") REFERENCES "public"."travel_guides"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guide_reviews" ADD CONSTRAINT "guide_reviews_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guide_reviews" ADD CONSTRAINT "guide_reviews_edition_id_guide_editions_id_fk" FOREIGN KEY ("edition_id") REFERENCES "public"."guide_editions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_write_windows" ADD CONSTRAINT "review_write_windows_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "guide_reviews_guide_created_idx" ON "guide_reviews" USING btree ("guide_id","created_at");--> statement-breakpoint
CREATE INDEX "guide_reviews_order_idx" ON "guide_reviews" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "guide_reviews_created_idx" ON "guide_reviews" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "travel_guides" DROP COLUMN "rating";--> statement-breakpoint
ALTER TABLE "travel_guides" DROP COLUMN "review_count";