CREATE TABLE "lottery_activities" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"area" text NOT NULL,
	"mode" text NOT NULL,
	"title" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"from_at" timestamp with time zone NOT NULL,
	"to_at" timestamp with time zone NOT NULL,
	"closed" boolean DEFAULT false NOT NULL,
	"cost_points" integer DEFAULT 0 NOT NULL,
	"per_user_limit" integer,
	"daily_limit" integer,
	"minimum_order_amount" integer,
	"required_sku_id" bigint,
	"share_draws_per_order" integer DEFAULT 0 NOT NULL,
	"seed" text NOT NULL,
	"seed_hash" text NOT NULL,
	"share_key" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "lottery_activities_window_valid" CHECK ("lottery_activities"."to_at" > "lottery_activities"."from_at"),
	CONSTRAINT "lottery_activities_numbers_valid" CHECK ("lottery_activities"."cost_points" >= 0 AND "lottery_activities"."share_draws_per_order" >= 0 AND ("lottery_activities"."per_user_limit" IS NULL OR "lottery_activities"."per_user_limit" >= 1) AND ("lottery_activities"."daily_limit" IS NULL OR "lottery_activities"."daily_limit" >= 1) AND ("lottery_activities"."minimum_order_amount" IS NULL OR "lottery_activities"."minimum_order_amount" >= 1))
);
--> statement-breakpoint
CREATE TABLE "lottery_draws" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"activity_id" bigint NOT NULL,
	"account_id" bigint NOT NULL,
	"prize_id" bigint NOT NULL,
	"via" text NOT NULL,
	"order_id" bigint,
	"sharer_id" bigint,
	"nonce" text NOT NULL,
	"pool" jsonb NOT NULL,
	"day" text NOT NULL,
	"points_spent" integer DEFAULT 0 NOT NULL,
	"account_coupon_id" bigint,
	"grant_order_id" bigint,
	"claim_address" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lottery_prizes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"activity_id" bigint NOT NULL,
	"position" integer NOT NULL,
	"kind" text NOT NULL,
	"title" jsonb NOT NULL,
	"points" integer,
	"coupon_id" bigint,
	"sku_id" bigint,
	"value" integer NOT NULL,
	"weight" integer NOT NULL,
	"total_count" integer NOT NULL,
	"left_count" integer NOT NULL,
	CONSTRAINT "lottery_prizes_left_count_valid" CHECK ("lottery_prizes"."left_count" >= 0 AND "lottery_prizes"."left_count" <= "lottery_prizes"."total_count"),
	CONSTRAINT "lottery_prizes_weight_valid" CHECK ("lottery_prizes"."weight" >= 1 AND "lottery_prizes"."value" >= 0),
	CONSTRAINT "lottery_prizes_target_valid" CHECK (("lottery_prizes"."kind" = 'points') = ("lottery_prizes"."points" IS NOT NULL) AND ("lottery_prizes"."kind" = 'coupon') = ("lottery_prizes"."coupon_id" IS NOT NULL) AND ("lottery_prizes"."kind" IN ('game', 'goods')) = ("lottery_prizes"."sku_id" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "lottery_activities" ADD CONSTRAINT "lottery_activities_required_sku_id_skus_id_fk" FOREIGN KEY ("required_sku_id") REFERENCES "public"."skus"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_draws" ADD CONSTRAINT "lottery_draws_activity_id_lottery_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."lottery_activities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_draws" ADD CONSTRAINT "lottery_draws_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_draws" ADD CONSTRAINT "lottery_draws_prize_id_lottery_prizes_id_fk" FOREIGN KEY ("prize_id") REFERENCES "public"."lottery_prizes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_draws" ADD CONSTRAINT "lottery_draws_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_draws" ADD CONSTRAINT "lottery_draws_sharer_id_accounts_id_fk" FOREIGN KEY ("sharer_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_prizes" ADD CONSTRAINT "lottery_prizes_activity_id_lottery_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."lottery_activities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_prizes" ADD CONSTRAINT "lottery_prizes_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_prizes" ADD CONSTRAINT "lottery_prizes_sku_id_skus_id_fk" FOREIGN KEY ("sku_id") REFERENCES "public"."skus"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lottery_activities_area_from_idx" ON "lottery_activities" USING btree ("area","from_at");--> statement-breakpoint
CREATE INDEX "lottery_draws_account_idx" ON "lottery_draws" USING btree ("activity_id","account_id","day");--> statement-breakpoint
CREATE INDEX "lottery_draws_activity_idx" ON "lottery_draws" USING btree ("activity_id","id");--> statement-breakpoint
CREATE INDEX "lottery_draws_mine_idx" ON "lottery_draws" USING btree ("account_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "lottery_draws_order_key" ON "lottery_draws" USING btree ("activity_id","order_id") WHERE "lottery_draws"."via" = 'order';--> statement-breakpoint
CREATE UNIQUE INDEX "lottery_draws_share_key" ON "lottery_draws" USING btree ("activity_id","order_id","account_id") WHERE "lottery_draws"."via" = 'share';--> statement-breakpoint
CREATE INDEX "lottery_prizes_activity_idx" ON "lottery_prizes" USING btree ("activity_id","position");