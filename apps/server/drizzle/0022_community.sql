CREATE TABLE "community_groups" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"product_id" bigint NOT NULL,
	"name" jsonb NOT NULL,
	"summary" jsonb NOT NULL,
	"users_count" integer DEFAULT 0 NOT NULL,
	"posts_count" integer DEFAULT 0 NOT NULL,
	"reviews_count" integer DEFAULT 0 NOT NULL,
	"positive_count" integer DEFAULT 0 NOT NULL,
	"score_1" integer DEFAULT 0 NOT NULL,
	"score_2" integer DEFAULT 0 NOT NULL,
	"score_3" integer DEFAULT 0 NOT NULL,
	"score_4" integer DEFAULT 0 NOT NULL,
	"score_5" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "community_groups_counts_nonnegative" CHECK ("community_groups"."users_count" >= 0 AND "community_groups"."posts_count" >= 0 AND "community_groups"."reviews_count" >= 0 AND "community_groups"."positive_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "group_members" (
	"group_id" bigint NOT NULL,
	"account_id" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "group_members_group_id_account_id_pk" PRIMARY KEY("group_id","account_id")
);
--> statement-breakpoint
CREATE TABLE "group_skus" (
	"group_id" bigint NOT NULL,
	"sku_id" bigint NOT NULL,
	"area" text NOT NULL,
	CONSTRAINT "group_skus_group_id_sku_id_pk" PRIMARY KEY("group_id","sku_id")
);
--> statement-breakpoint
CREATE TABLE "post_tags" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text DEFAULT 'post' NOT NULL,
	"name" jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "posts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"group_id" bigint NOT NULL,
	"account_id" bigint NOT NULL,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"is_long" boolean DEFAULT false NOT NULL,
	"area" text NOT NULL,
	"sku_id" bigint,
	"tag_id" bigint,
	"title" text DEFAULT '' NOT NULL,
	"content_html" text DEFAULT '' NOT NULL,
	"plain_text" text DEFAULT '' NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"score" smallint,
	"recommend" boolean,
	"playtime_seconds" integer,
	"bought_here" boolean DEFAULT false NOT NULL,
	"sticky_sequence" integer DEFAULT 0 NOT NULL,
	"locked" boolean DEFAULT false NOT NULL,
	"featured" boolean DEFAULT false NOT NULL,
	"official_comment_html" text,
	"official_comment_author_id" bigint,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"published_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "posts_score_range" CHECK ("posts"."score" IS NULL OR "posts"."score" BETWEEN 1 AND 5),
	CONSTRAINT "posts_sticky_range" CHECK ("posts"."sticky_sequence" BETWEEN 0 AND 999),
	CONSTRAINT "posts_review_judged" CHECK ("posts"."type" <> 'Review' OR "posts"."status" = 'draft' OR "posts"."score" IS NOT NULL OR "posts"."recommend" IS NOT NULL),
	CONSTRAINT "posts_published_at" CHECK ("posts"."status" = 'draft' OR "posts"."published_at" IS NOT NULL)
);
--> statement-breakpoint
ALTER TABLE "community_groups" ADD CONSTRAINT "community_groups_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_members" ADD CONSTRAINT "group_members_group_id_community_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."community_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_members" ADD CONSTRAINT "group_members_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_skus" ADD CONSTRAINT "group_skus_group_id_community_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."community_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_skus" ADD CONSTRAINT "group_skus_sku_id_skus_id_fk" FOREIGN KEY ("sku_id") REFERENCES "public"."skus"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_group_id_community_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."community_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_sku_id_skus_id_fk" FOREIGN KEY ("sku_id") REFERENCES "public"."skus"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_tag_id_post_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."post_tags"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_official_comment_author_id_accounts_id_fk" FOREIGN KEY ("official_comment_author_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "community_groups_product_key" ON "community_groups" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "community_groups_users_idx" ON "community_groups" USING btree ("users_count","id");--> statement-breakpoint
CREATE INDEX "group_members_account_idx" ON "group_members" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "group_skus_sku_idx" ON "group_skus" USING btree ("sku_id","area");--> statement-breakpoint
CREATE UNIQUE INDEX "posts_one_review_per_account_key" ON "posts" USING btree ("group_id","account_id") WHERE "posts"."type" = 'Review' AND "posts"."status" = 'published' AND "posts"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "posts_group_list_idx" ON "posts" USING btree ("group_id","sticky_sequence" DESC NULLS LAST,"published_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "posts"."status" = 'published' AND "posts"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "posts_recent_idx" ON "posts" USING btree ("published_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "posts"."status" = 'published' AND "posts"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "posts_highlighted_idx" ON "posts" USING btree ("featured" DESC NULLS LAST,"sticky_sequence" DESC NULLS LAST,"published_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "posts"."status" = 'published' AND "posts"."deleted_at" IS NULL AND ("posts"."featured" OR "posts"."sticky_sequence" > 0);--> statement-breakpoint
CREATE INDEX "posts_account_idx" ON "posts" USING btree ("account_id","type","status");--> statement-breakpoint
CREATE INDEX "posts_search_trgm_idx" ON "posts" USING gin ("search_text" gin_trgm_ops);