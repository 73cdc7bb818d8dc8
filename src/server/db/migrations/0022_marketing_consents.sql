CREATE TABLE "marketing_consents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"channel" text NOT NULL,
	"action" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"order_id" uuid,
	"wording" text,
	"locale" "locale" NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "marketing_consents_channel" CHECK ("marketing_consents"."channel" in ('email', 'whatsapp')),
	CONSTRAINT "marketing_consents_action" CHECK ("marketing_consents"."action" in ('given', 'withdrawn')),
	CONSTRAINT "marketing_consents_phone" CHECK ("marketing_consents"."channel" <> 'whatsapp' or "marketing_consents"."phone" is not null)
);
--> statement-breakpoint
ALTER TABLE "marketing_consents" ADD CONSTRAINT "marketing_consents_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "marketing_consents_email_idx" ON "marketing_consents" USING btree ("email","channel","created_at");--> statement-breakpoint
CREATE INDEX "marketing_consents_phone_idx" ON "marketing_consents" USING btree ("phone","channel","created_at");