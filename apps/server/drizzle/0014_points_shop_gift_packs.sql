CREATE TABLE "coupon_area_coupons" (
	"area_id" bigint NOT NULL,
	"coupon_id" bigint NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "coupon_area_coupons_area_id_coupon_id_pk" PRIMARY KEY("area_id","coupon_id")
);
--> statement-breakpoint
CREATE TABLE "coupon_areas" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"area" text NOT NULL,
	"title" jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"from_at" timestamp with time zone NOT NULL,
	"to_at" timestamp with time zone,
	"closed" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "coupon_areas_window_valid" CHECK ("coupon_areas"."to_at" IS NULL OR "coupon_areas"."to_at" > "coupon_areas"."from_at")
);
--> statement-breakpoint
CREATE TABLE "gift_pack_claims" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"pack_id" bigint NOT NULL,
	"account_id" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gift_pack_coupons" (
	"pack_id" bigint NOT NULL,
	"coupon_id" bigint NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "gift_pack_coupons_pack_id_coupon_id_pk" PRIMARY KEY("pack_id","coupon_id")
);
--> statement-breakpoint
CREATE TABLE "gift_pack_skus" (
	"pack_id" bigint NOT NULL,
	"sku_id" bigint NOT NULL,
	CONSTRAINT "gift_pack_skus_pack_id_sku_id_pk" PRIMARY KEY("pack_id","sku_id")
);
--> statement-breakpoint
CREATE TABLE "gift_packs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"area" text NOT NULL,
	"title" jsonb NOT NULL,
	"weight" integer DEFAULT 0 NOT NULL,
	"from_at" timestamp with time zone NOT NULL,
	"to_at" timestamp with time zone,
	"closed" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "gift_packs_window_valid" CHECK ("gift_packs"."to_at" IS NULL OR "gift_packs"."to_at" > "gift_packs"."from_at")
);
--> statement-breakpoint
CREATE TABLE "point_redeems" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"area" text NOT NULL,
	"title" jsonb NOT NULL,
	"cover" text NOT NULL,
	"type" text NOT NULL,
	"sku_id" bigint,
	"coupon_id" bigint,
	"points" integer NOT NULL,
	"list_points" integer NOT NULL,
	"total_count" integer NOT NULL,
	"left_count" integer NOT NULL,
	"per_account_limit" integer,
	"position" integer DEFAULT 0 NOT NULL,
	"from_at" timestamp with time zone NOT NULL,
	"to_at" timestamp with time zone,
	"closed" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "point_redeems_left_count_valid" CHECK ("point_redeems"."left_count" >= 0 AND "point_redeems"."total_count" >= 0),
	CONSTRAINT "point_redeems_points_valid" CHECK ("point_redeems"."points" > 0 AND "point_redeems"."list_points" > 0 AND ("point_redeems"."per_account_limit" IS NULL OR "point_redeems"."per_account_limit" >= 1)),
	CONSTRAINT "point_redeems_target_valid" CHECK (("point_redeems"."type" = 'sku') = ("point_redeems"."sku_id" IS NOT NULL) AND ("point_redeems"."type" = 'coupon') = ("point_redeems"."coupon_id" IS NOT NULL)),
	CONSTRAINT "point_redeems_window_valid" CHECK ("point_redeems"."to_at" IS NULL OR "point_redeems"."to_at" > "point_redeems"."from_at")
);
--> statement-breakpoint
CREATE TABLE "point_redemptions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"redeem_id" bigint NOT NULL,
	"account_id" bigint NOT NULL,
	"via" text NOT NULL,
	"points" integer NOT NULL,
	"order_id" bigint,
	"account_coupon_id" bigint,
	"released" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "coupon_area_coupons" ADD CONSTRAINT "coupon_area_coupons_area_id_coupon_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."coupon_areas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_area_coupons" ADD CONSTRAINT "coupon_area_coupons_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_pack_claims" ADD CONSTRAINT "gift_pack_claims_pack_id_gift_packs_id_fk" FOREIGN KEY ("pack_id") REFERENCES "public"."gift_packs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_pack_claims" ADD CONSTRAINT "gift_pack_claims_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_pack_coupons" ADD CONSTRAINT "gift_pack_coupons_pack_id_gift_packs_id_fk" FOREIGN KEY ("pack_id") REFERENCES "public"."gift_packs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_pack_coupons" ADD CONSTRAINT "gift_pack_coupons_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_pack_skus" ADD CONSTRAINT "gift_pack_skus_pack_id_gift_packs_id_fk" FOREIGN KEY ("pack_id") REFERENCES "public"."gift_packs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_pack_skus" ADD CONSTRAINT "gift_pack_skus_sku_id_skus_id_fk" FOREIGN KEY ("sku_id") REFERENCES "public"."skus"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_redeems" ADD CONSTRAINT "point_redeems_sku_id_skus_id_fk" FOREIGN KEY ("sku_id") REFERENCES "public"."skus"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_redeems" ADD CONSTRAINT "point_redeems_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_redemptions" ADD CONSTRAINT "point_redemptions_redeem_id_point_redeems_id_fk" FOREIGN KEY ("redeem_id") REFERENCES "public"."point_redeems"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_redemptions" ADD CONSTRAINT "point_redemptions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_redemptions" ADD CONSTRAINT "point_redemptions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "coupon_areas_area_idx" ON "coupon_areas" USING btree ("area","position");--> statement-breakpoint
CREATE UNIQUE INDEX "gift_pack_claims_pack_account_key" ON "gift_pack_claims" USING btree ("pack_id","account_id");--> statement-breakpoint
CREATE INDEX "gift_pack_claims_account_idx" ON "gift_pack_claims" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "gift_pack_skus_sku_idx" ON "gift_pack_skus" USING btree ("sku_id");--> statement-breakpoint
CREATE INDEX "gift_packs_area_idx" ON "gift_packs" USING btree ("area","weight");--> statement-breakpoint
CREATE INDEX "point_redeems_area_position_idx" ON "point_redeems" USING btree ("area","position");--> statement-breakpoint
CREATE UNIQUE INDEX "point_redemptions_order_key" ON "point_redemptions" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "point_redemptions_held_idx" ON "point_redemptions" USING btree ("redeem_id","account_id") WHERE not "point_redemptions"."released";--> statement-breakpoint
CREATE INDEX "point_redemptions_account_idx" ON "point_redemptions" USING btree ("account_id");--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_score_non_negative" CHECK ("accounts"."score" >= 0);