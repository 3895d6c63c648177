CREATE TABLE "bundle_activities" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"area" text NOT NULL,
	"title" jsonb NOT NULL,
	"cover_seed" text NOT NULL,
	"from_at" timestamp with time zone NOT NULL,
	"to_at" timestamp with time zone NOT NULL,
	"pick_count" integer NOT NULL,
	"price" integer NOT NULL,
	"closed" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "bundle_activities_window_valid" CHECK ("bundle_activities"."to_at" > "bundle_activities"."from_at"),
	CONSTRAINT "bundle_activities_values_valid" CHECK ("bundle_activities"."pick_count" >= 1 AND "bundle_activities"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "bundle_games" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"activity_id" bigint NOT NULL,
	"sku_id" bigint NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bundle_orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"activity_id" bigint NOT NULL,
	"account_id" bigint NOT NULL,
	"order_id" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exploring_queue_items" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"queue_id" bigint NOT NULL,
	"sku_id" bigint NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exploring_queues" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"area" text NOT NULL,
	"title" jsonb NOT NULL,
	"from_at" timestamp with time zone NOT NULL,
	"to_at" timestamp with time zone NOT NULL,
	"closed" boolean DEFAULT false NOT NULL,
	"reward_points" integer,
	"reward_coupon_id" bigint,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "exploring_queues_window_valid" CHECK ("exploring_queues"."to_at" > "exploring_queues"."from_at"),
	CONSTRAINT "exploring_queues_one_reward" CHECK (("exploring_queues"."reward_points" IS NULL) <> ("exploring_queues"."reward_coupon_id" IS NULL) AND coalesce("exploring_queues"."reward_points", 1) > 0)
);
--> statement-breakpoint
CREATE TABLE "exploring_runs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"queue_id" bigint NOT NULL,
	"account_id" bigint NOT NULL,
	"viewed_item_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "bundle_games" ADD CONSTRAINT "bundle_games_activity_id_bundle_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."bundle_activities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bundle_games" ADD CONSTRAINT "bundle_games_sku_id_skus_id_fk" FOREIGN KEY ("sku_id") REFERENCES "public"."skus"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bundle_orders" ADD CONSTRAINT "bundle_orders_activity_id_bundle_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."bundle_activities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bundle_orders" ADD CONSTRAINT "bundle_orders_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bundle_orders" ADD CONSTRAINT "bundle_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exploring_queue_items" ADD CONSTRAINT "exploring_queue_items_queue_id_exploring_queues_id_fk" FOREIGN KEY ("queue_id") REFERENCES "public"."exploring_queues"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exploring_queue_items" ADD CONSTRAINT "exploring_queue_items_sku_id_skus_id_fk" FOREIGN KEY ("sku_id") REFERENCES "public"."skus"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exploring_queues" ADD CONSTRAINT "exploring_queues_reward_coupon_id_coupons_id_fk" FOREIGN KEY ("reward_coupon_id") REFERENCES "public"."coupons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exploring_runs" ADD CONSTRAINT "exploring_runs_queue_id_exploring_queues_id_fk" FOREIGN KEY ("queue_id") REFERENCES "public"."exploring_queues"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exploring_runs" ADD CONSTRAINT "exploring_runs_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bundle_activities_area_window_idx" ON "bundle_activities" USING btree ("area","to_at");--> statement-breakpoint
CREATE UNIQUE INDEX "bundle_games_activity_sku_key" ON "bundle_games" USING btree ("activity_id","sku_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bundle_orders_order_key" ON "bundle_orders" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "bundle_orders_activity_idx" ON "bundle_orders" USING btree ("activity_id");--> statement-breakpoint
CREATE UNIQUE INDEX "exploring_queue_items_queue_sku_key" ON "exploring_queue_items" USING btree ("queue_id","sku_id");--> statement-breakpoint
CREATE INDEX "exploring_queue_items_sku_idx" ON "exploring_queue_items" USING btree ("sku_id");--> statement-breakpoint
CREATE INDEX "exploring_queues_area_window_idx" ON "exploring_queues" USING btree ("area","to_at");--> statement-breakpoint
CREATE UNIQUE INDEX "exploring_runs_queue_account_key" ON "exploring_runs" USING btree ("queue_id","account_id");