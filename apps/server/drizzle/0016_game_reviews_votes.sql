CREATE TABLE "platform_reviews" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"app_id" bigint NOT NULL,
	"platform" text NOT NULL,
	"source_id" text NOT NULL,
	"area" text NOT NULL,
	"language" text NOT NULL,
	"content" text NOT NULL,
	"recommended" boolean NOT NULL,
	"helpful_count" integer DEFAULT 0 NOT NULL,
	"funny_count" integer DEFAULT 0 NOT NULL,
	"playtime_seconds" integer DEFAULT 0 NOT NULL,
	"author_name" text DEFAULT '' NOT NULL,
	"posted_at" timestamp with time zone NOT NULL,
	"imported_at" timestamp with time zone NOT NULL,
	CONSTRAINT "platform_reviews_counts_valid" CHECK ("platform_reviews"."helpful_count" >= 0 AND "platform_reviews"."funny_count" >= 0 AND "platform_reviews"."playtime_seconds" >= 0)
);
--> statement-breakpoint
CREATE TABLE "review_apps" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"product_id" bigint NOT NULL,
	"platform" text NOT NULL,
	"external_id" text NOT NULL,
	"total_count" integer DEFAULT 0 NOT NULL,
	"positive_count" integer DEFAULT 0 NOT NULL,
	"synced_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "review_apps_counts_valid" CHECK ("review_apps"."total_count" >= 0 AND "review_apps"."positive_count" >= 0 AND "review_apps"."positive_count" <= "review_apps"."total_count")
);
--> statement-breakpoint
CREATE TABLE "vote_activities" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"sku_id" bigint NOT NULL,
	"area" text NOT NULL,
	"region" text,
	"title" jsonb NOT NULL,
	"from_at" timestamp with time zone NOT NULL,
	"to_at" timestamp with time zone,
	"closed" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "vote_activities_window_valid" CHECK ("vote_activities"."to_at" IS NULL OR "vote_activities"."to_at" > "vote_activities"."from_at")
);
--> statement-breakpoint
CREATE TABLE "vote_options" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"activity_id" bigint NOT NULL,
	"label" jsonb NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "votes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"activity_id" bigint NOT NULL,
	"option_id" bigint NOT NULL,
	"account_id" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "platform_reviews" ADD CONSTRAINT "platform_reviews_app_id_review_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."review_apps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_apps" ADD CONSTRAINT "review_apps_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vote_activities" ADD CONSTRAINT "vote_activities_sku_id_skus_id_fk" FOREIGN KEY ("sku_id") REFERENCES "public"."skus"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vote_options" ADD CONSTRAINT "vote_options_activity_id_vote_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."vote_activities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "votes" ADD CONSTRAINT "votes_activity_id_vote_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."vote_activities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "votes" ADD CONSTRAINT "votes_option_id_vote_options_id_fk" FOREIGN KEY ("option_id") REFERENCES "public"."vote_options"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "votes" ADD CONSTRAINT "votes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "platform_reviews_source_key" ON "platform_reviews" USING btree ("platform","source_id");--> statement-breakpoint
CREATE INDEX "platform_reviews_list_idx" ON "platform_reviews" USING btree ("app_id","area","helpful_count" DESC NULLS FIRST,"posted_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE UNIQUE INDEX "review_apps_platform_external_key" ON "review_apps" USING btree ("platform","external_id");--> statement-breakpoint
CREATE UNIQUE INDEX "review_apps_product_platform_key" ON "review_apps" USING btree ("product_id","platform");--> statement-breakpoint
CREATE INDEX "vote_activities_sku_idx" ON "vote_activities" USING btree ("sku_id","area");--> statement-breakpoint
CREATE UNIQUE INDEX "vote_options_activity_position_key" ON "vote_options" USING btree ("activity_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "votes_activity_account_key" ON "votes" USING btree ("activity_id","account_id");--> statement-breakpoint
CREATE INDEX "votes_activity_option_idx" ON "votes" USING btree ("activity_id","option_id");