CREATE TABLE "notification_broadcast_reads" (
	"broadcast_id" bigint NOT NULL,
	"account_id" bigint NOT NULL,
	"read_at" timestamp with time zone NOT NULL,
	CONSTRAINT "notification_broadcast_reads_account_id_broadcast_id_pk" PRIMARY KEY("account_id","broadcast_id")
);
--> statement-breakpoint
CREATE TABLE "notification_broadcasts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"area" text NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"href" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_settings" (
	"account_id" bigint PRIMARY KEY NOT NULL,
	"disabled_kinds" text[] DEFAULT '{}'::text[] NOT NULL,
	"email_digest" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_unread_counts" (
	"account_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"unread" integer NOT NULL,
	CONSTRAINT "notification_unread_counts_account_id_kind_pk" PRIMARY KEY("account_id","kind")
);
--> statement-breakpoint
CREATE TABLE "notification_unread_totals" (
	"account_id" bigint PRIMARY KEY NOT NULL,
	"unread" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"recipient_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"actor_id" bigint,
	"actor_ids" bigint[] DEFAULT '{}'::bigint[] NOT NULL,
	"actor_count" integer DEFAULT 1 NOT NULL,
	"target_type" text,
	"target_id" bigint,
	"collapse_key" text,
	"detail" text,
	"excerpt" text NOT NULL,
	"href" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "notification_broadcasts_created_idx" ON "notification_broadcasts" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "notifications_recipient_idx" ON "notifications" USING btree ("recipient_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "notifications_recipient_kind_idx" ON "notifications" USING btree ("recipient_id","kind","updated_at","id");--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("recipient_id","id") WHERE read_at IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_collapse_idx" ON "notifications" USING btree ("recipient_id","collapse_key") WHERE read_at IS NULL AND collapse_key IS NOT NULL;