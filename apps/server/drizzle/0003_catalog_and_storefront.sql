CREATE TABLE "bundle_items" (
	"bundle_sku_id" bigint NOT NULL,
	"sku_id" bigint NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "bundle_items_bundle_sku_id_sku_id_pk" PRIMARY KEY("bundle_sku_id","sku_id")
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"shop" text NOT NULL,
	"name" jsonb NOT NULL,
	"slug" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "edition_regions" (
	"sku_id" bigint NOT NULL,
	"region" text NOT NULL,
	"list_price" integer NOT NULL,
	"sale_price" integer,
	"released_at" timestamp with time zone,
	"sync_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "edition_regions_sku_id_region_pk" PRIMARY KEY("sku_id","region")
);
--> statement-breakpoint
CREATE TABLE "editions" (
	"sku_id" bigint PRIMARY KEY NOT NULL,
	"details" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_relations" (
	"product_id" bigint NOT NULL,
	"related_product_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_relations_product_id_related_product_id_kind_pk" PRIMARY KEY("product_id","related_product_id","kind")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"cate" text NOT NULL,
	"kind" text NOT NULL,
	"name" jsonb NOT NULL,
	"developer" text DEFAULT '' NOT NULL,
	"publisher" text DEFAULT '' NOT NULL,
	"base_product_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sku_tags" (
	"sku_id" bigint NOT NULL,
	"tag_id" bigint NOT NULL,
	CONSTRAINT "sku_tags_sku_id_tag_id_pk" PRIMARY KEY("sku_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "skus" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"product_id" bigint NOT NULL,
	"area" text NOT NULL,
	"region" text,
	"status" text DEFAULT 'sale' NOT NULL,
	"edition" jsonb NOT NULL,
	"edition_position" integer DEFAULT 0 NOT NULL,
	"sku_name" jsonb NOT NULL,
	"sku_ename" text NOT NULL,
	"list_price" integer NOT NULL,
	"sale_price" integer,
	"discount" integer DEFAULT 0 NOT NULL,
	"effective_price" integer NOT NULL,
	"list_points" integer,
	"sale_points" integer,
	"can_points_pay" boolean DEFAULT false NOT NULL,
	"support_cash_pay" boolean DEFAULT true NOT NULL,
	"key_type" text,
	"cover_seed" text NOT NULL,
	"released_at" timestamp with time zone,
	"score" integer DEFAULT 0 NOT NULL,
	"wishes_count" integer DEFAULT 0 NOT NULL,
	"rank" integer DEFAULT 0 NOT NULL,
	"category_id" bigint,
	"search_text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "skus_prices_valid" CHECK ("skus"."list_price" >= 0 AND ("skus"."sale_price" IS NULL OR "skus"."sale_price" >= 0))
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"name" jsonb NOT NULL,
	"slug" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wishes" (
	"account_id" bigint NOT NULL,
	"sku_id" bigint NOT NULL,
	"area" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wishes_account_id_sku_id_pk" PRIMARY KEY("account_id","sku_id")
);
--> statement-breakpoint
CREATE TABLE "custom_layouts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"area" text NOT NULL,
	"slug" text NOT NULL,
	"title" jsonb NOT NULL,
	"status" text DEFAULT 'published' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "layout_contents" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"area" text NOT NULL,
	"kind" text NOT NULL,
	"cube_kind" text,
	"placement" text DEFAULT 'store' NOT NULL,
	"layout_id" bigint,
	"theme" text DEFAULT 'default' NOT NULL,
	"title" jsonb NOT NULL,
	"subtitle" jsonb,
	"link" text,
	"image_seed" text,
	"status" text DEFAULT 'published' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "layout_relations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"content_id" bigint NOT NULL,
	"target_type" text NOT NULL,
	"target_id" bigint NOT NULL,
	"custom_weight" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bundle_items" ADD CONSTRAINT "bundle_items_bundle_sku_id_skus_id_fk" FOREIGN KEY ("bundle_sku_id") REFERENCES "public"."skus"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bundle_items" ADD CONSTRAINT "bundle_items_sku_id_skus_id_fk" FOREIGN KEY ("sku_id") REFERENCES "public"."skus"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "edition_regions" ADD CONSTRAINT "edition_regions_sku_id_skus_id_fk" FOREIGN KEY ("sku_id") REFERENCES "public"."skus"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "editions" ADD CONSTRAINT "editions_sku_id_skus_id_fk" FOREIGN KEY ("sku_id") REFERENCES "public"."skus"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_relations" ADD CONSTRAINT "product_relations_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_relations" ADD CONSTRAINT "product_relations_related_product_id_products_id_fk" FOREIGN KEY ("related_product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sku_tags" ADD CONSTRAINT "sku_tags_sku_id_skus_id_fk" FOREIGN KEY ("sku_id") REFERENCES "public"."skus"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sku_tags" ADD CONSTRAINT "sku_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skus" ADD CONSTRAINT "skus_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skus" ADD CONSTRAINT "skus_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wishes" ADD CONSTRAINT "wishes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wishes" ADD CONSTRAINT "wishes_sku_id_skus_id_fk" FOREIGN KEY ("sku_id") REFERENCES "public"."skus"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "layout_contents" ADD CONSTRAINT "layout_contents_layout_id_custom_layouts_id_fk" FOREIGN KEY ("layout_id") REFERENCES "public"."custom_layouts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "layout_relations" ADD CONSTRAINT "layout_relations_content_id_layout_contents_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."layout_contents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bundle_items_sku_idx" ON "bundle_items" USING btree ("sku_id");--> statement-breakpoint
CREATE UNIQUE INDEX "categories_slug_key" ON "categories" USING btree ("shop","slug");--> statement-breakpoint
CREATE INDEX "products_base_idx" ON "products" USING btree ("base_product_id");--> statement-breakpoint
CREATE INDEX "sku_tags_tag_idx" ON "sku_tags" USING btree ("tag_id","sku_id");--> statement-breakpoint
CREATE INDEX "skus_product_idx" ON "skus" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "skus_area_rank_idx" ON "skus" USING btree ("area","rank");--> statement-breakpoint
CREATE INDEX "skus_area_price_idx" ON "skus" USING btree ("area","effective_price");--> statement-breakpoint
CREATE INDEX "skus_area_released_idx" ON "skus" USING btree ("area","released_at");--> statement-breakpoint
CREATE INDEX "skus_search_trgm_idx" ON "skus" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "tags_slug_key" ON "tags" USING btree ("kind","slug");--> statement-breakpoint
CREATE INDEX "wishes_account_area_idx" ON "wishes" USING btree ("account_id","area","created_at");--> statement-breakpoint
CREATE INDEX "layout_contents_area_kind_idx" ON "layout_contents" USING btree ("area","placement","kind","position");--> statement-breakpoint
CREATE INDEX "layout_relations_content_idx" ON "layout_relations" USING btree ("content_id","custom_weight");