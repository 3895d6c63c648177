CREATE TABLE "notification_digests" (
	"account_id" bigint PRIMARY KEY NOT NULL,
	"sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wish_alert_marks" (
	"account_id" bigint NOT NULL,
	"sku_id" bigint NOT NULL,
	"seen_price" integer NOT NULL,
	"seen_released" boolean NOT NULL,
	"told_at" timestamp with time zone,
	CONSTRAINT "wish_alert_marks_account_id_sku_id_pk" PRIMARY KEY("account_id","sku_id")
);
