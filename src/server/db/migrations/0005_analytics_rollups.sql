CREATE TABLE "analytics_daily_counts" (
	"day" date NOT NULL,
	"type" text NOT NULL,
	"action" text DEFAULT '' NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_daily_counts_pk" PRIMARY KEY("day","type","action")
);
--> statement-breakpoint
CREATE TABLE "analytics_page_daily" (
	"day" date NOT NULL,
	"page" text NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"time_total_ms" bigint DEFAULT 0 NOT NULL,
	"time_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_page_daily_pk" PRIMARY KEY("day","page")
);
--> statement-breakpoint
CREATE TABLE "analytics_page_visitors" (
	"page" text NOT NULL,
	"visitor_id" text NOT NULL,
	"last_day" date NOT NULL,
	CONSTRAINT "analytics_page_visitors_pk" PRIMARY KEY("page","visitor_id")
);
--> statement-breakpoint
CREATE TABLE "analytics_visitor_days" (
	"day" date NOT NULL,
	"visitor_id" text NOT NULL,
	CONSTRAINT "analytics_visitor_days_pk" PRIMARY KEY("day","visitor_id")
);
--> statement-breakpoint
CREATE TABLE "analytics_visitors" (
	"visitor_id" text PRIMARY KEY NOT NULL,
	"last_day" date NOT NULL
);
--> statement-breakpoint
ALTER TABLE "analytics_events" ADD COLUMN "action" text;--> statement-breakpoint
ALTER TABLE "analytics_sessions" ADD COLUMN "page_views" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "analytics_sessions" ADD COLUMN "event_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "analytics_sessions" ADD COLUMN "funnel_step" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "analytics_page_visitors_page_day_idx" ON "analytics_page_visitors" USING btree ("page","last_day");--> statement-breakpoint
CREATE INDEX "analytics_visitors_last_day_idx" ON "analytics_visitors" USING btree ("last_day");