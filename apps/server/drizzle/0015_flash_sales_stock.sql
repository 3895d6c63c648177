CREATE TABLE "peripheral_stock" (
	"sku_id" bigint PRIMARY KEY NOT NULL,
	"left" integer NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "peripheral_stock_left_valid" CHECK ("peripheral_stock"."left" >= 0)
);
--> statement-breakpoint
CREATE TABLE "peripheral_stock_holds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"sku_id" bigint NOT NULL,
	"quantity" integer NOT NULL,
	"released" boolean DEFAULT false NOT NULL,
	CONSTRAINT "peripheral_stock_holds_quantity_valid" CHECK ("peripheral_stock_holds"."quantity" > 0)
);
--> statement-breakpoint
ALTER TABLE "seckill_events" ADD COLUMN "required_sku_id" bigint;--> statement-breakpoint
ALTER TABLE "seckill_events" ADD COLUMN "required_completed_orders" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "peripheral_stock" ADD CONSTRAINT "peripheral_stock_sku_id_skus_id_fk" FOREIGN KEY ("sku_id") REFERENCES "public"."skus"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "peripheral_stock_holds" ADD CONSTRAINT "peripheral_stock_holds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "peripheral_stock_holds" ADD CONSTRAINT "peripheral_stock_holds_sku_id_skus_id_fk" FOREIGN KEY ("sku_id") REFERENCES "public"."skus"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "peripheral_stock_holds_order_sku_key" ON "peripheral_stock_holds" USING btree ("order_id","sku_id");--> statement-breakpoint
CREATE INDEX "peripheral_stock_holds_sku_idx" ON "peripheral_stock_holds" USING btree ("sku_id");--> statement-breakpoint
ALTER TABLE "seckill_events" ADD CONSTRAINT "seckill_events_required_sku_id_skus_id_fk" FOREIGN KEY ("required_sku_id") REFERENCES "public"."skus"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seckill_events" ADD CONSTRAINT "seckill_events_quota_valid" CHECK ("seckill_events"."required_completed_orders" >= 0);