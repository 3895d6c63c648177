CREATE TABLE "seckill_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"area" text NOT NULL,
	"title" jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"from_at" timestamp with time zone NOT NULL,
	"to_at" timestamp with time zone NOT NULL,
	"closed" boolean DEFAULT false NOT NULL,
	"require_phone" boolean DEFAULT false NOT NULL,
	"require_steam" boolean DEFAULT false NOT NULL,
	"require_wechat" boolean DEFAULT false NOT NULL,
	"registered_from" timestamp with time zone,
	"registered_to" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "seckill_events_window_valid" CHECK ("seckill_events"."to_at" > "seckill_events"."from_at")
);
--> statement-breakpoint
CREATE TABLE "seckill_items" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"event_id" bigint NOT NULL,
	"sku_id" bigint NOT NULL,
	"price" integer NOT NULL,
	"stock" integer NOT NULL,
	"left" integer NOT NULL,
	"buy_limit" integer DEFAULT 1 NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "seckill_items_left_valid" CHECK ("seckill_items"."left" >= 0),
	CONSTRAINT "seckill_items_values_valid" CHECK ("seckill_items"."price" >= 0 AND "seckill_items"."stock" >= 0 AND "seckill_items"."buy_limit" >= 1)
);
--> statement-breakpoint
CREATE TABLE "seckill_purchases" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"item_id" bigint NOT NULL,
	"account_id" bigint NOT NULL,
	"order_id" bigint NOT NULL,
	"released" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "seckill_items" ADD CONSTRAINT "seckill_items_event_id_seckill_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."seckill_events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seckill_items" ADD CONSTRAINT "seckill_items_sku_id_skus_id_fk" FOREIGN KEY ("sku_id") REFERENCES "public"."skus"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seckill_purchases" ADD CONSTRAINT "seckill_purchases_item_id_seckill_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."seckill_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seckill_purchases" ADD CONSTRAINT "seckill_purchases_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seckill_purchases" ADD CONSTRAINT "seckill_purchases_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "seckill_events_area_window_idx" ON "seckill_events" USING btree ("area","to_at");--> statement-breakpoint
CREATE UNIQUE INDEX "seckill_items_event_sku_key" ON "seckill_items" USING btree ("event_id","sku_id");--> statement-breakpoint
CREATE UNIQUE INDEX "seckill_purchases_order_key" ON "seckill_purchases" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "seckill_purchases_held_idx" ON "seckill_purchases" USING btree ("item_id","account_id") WHERE not "seckill_purchases"."released";