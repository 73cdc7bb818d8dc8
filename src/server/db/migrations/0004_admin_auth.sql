CREATE TABLE "admin_auth_failures" (
	"ip" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "admin_keys_one_active_uq" ON "admin_keys" USING btree ((true)) WHERE revoked_at is null;