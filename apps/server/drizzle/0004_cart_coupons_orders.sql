CREATE TABLE "cart_items" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" bigint NOT NULL,
	"sku_id" bigint NOT NULL,
	"area" text NOT NULL,
	"quantity" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_items_quantity_positive" CHECK ("cart_items"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "account_coupons" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" bigint NOT NULL,
	"coupon_id" bigint NOT NULL,
	"area" text NOT NULL,
	"used_at" timestamp with time zone,
	"order_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_coupons_use_consistent" CHECK (("account_coupons"."used_at" IS NULL) = ("account_coupons"."order_id" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"area" text NOT NULL,
	"title" jsonb NOT NULL,
	"discount_type" text NOT NULL,
	"value" integer NOT NULL,
	"minimum_order" integer DEFAULT 0 NOT NULL,
	"valid_from" timestamp with time zone,
	"valid_until" timestamp with time zone,
	"apply_to" jsonb NOT NULL,
	"total_amount" integer NOT NULL,
	"left_amount" integer NOT NULL,
	"code" text,
	"need_captcha" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupons_left_amount_valid" CHECK ("coupons"."left_amount" >= 0 AND "coupons"."left_amount" <= "coupons"."total_amount"),
	CONSTRAINT "coupons_value_valid" CHECK ("coupons"."value" > 0 AND ("coupons"."discount_type" = 'amount' OR "coupons"."value" <= 100) AND "coupons"."minimum_order" >= 0)
);
--> statement-breakpoint
CREATE TABLE "order_games" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"account_id" bigint NOT NULL,
	"sku_id" bigint NOT NULL,
	"product_id" bigint NOT NULL,
	"sku_name" jsonb NOT NULL,
	"quantity" integer NOT NULL,
	"list_price" integer NOT NULL,
	"sale_price" integer NOT NULL,
	"coupon_amount" integer DEFAULT 0 NOT NULL,
	"amount" integer NOT NULL,
	CONSTRAINT "order_games_amounts_valid" CHECK ("order_games"."quantity" > 0 AND "order_games"."sale_price" >= 0 AND "order_games"."coupon_amount" >= 0 AND "order_games"."amount" = "order_games"."sale_price" * "order_games"."quantity" - "order_games"."coupon_amount" AND "order_games"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" bigint NOT NULL,
	"area" text NOT NULL,
	"type" text NOT NULL,
	"cate" text NOT NULL,
	"state" text NOT NULL,
	"currency" text NOT NULL,
	"list_amount" integer NOT NULL,
	"subtotal_amount" integer NOT NULL,
	"coupon_amount" integer DEFAULT 0 NOT NULL,
	"total_amount" integer NOT NULL,
	"account_coupon_id" bigint,
	"address" jsonb,
	"cancel_reason" text,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"canceled_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	CONSTRAINT "orders_amounts_valid" CHECK ("orders"."subtotal_amount" >= 0 AND "orders"."coupon_amount" >= 0 AND "orders"."total_amount" = "orders"."subtotal_amount" - "orders"."coupon_amount" AND "orders"."total_amount" >= 0)
);
--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_sku_id_skus_id_fk" FOREIGN KEY ("sku_id") REFERENCES "public"."skus"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_coupons" ADD CONSTRAINT "account_coupons_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_coupons" ADD CONSTRAINT "account_coupons_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_games" ADD CONSTRAINT "order_games_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_games" ADD CONSTRAINT "order_games_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_games" ADD CONSTRAINT "order_games_sku_id_skus_id_fk" FOREIGN KEY ("sku_id") REFERENCES "public"."skus"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_games" ADD CONSTRAINT "order_games_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cart_items_account_sku_key" ON "cart_items" USING btree ("account_id","sku_id");--> statement-breakpoint
CREATE INDEX "cart_items_account_area_idx" ON "cart_items" USING btree ("account_id","area","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "account_coupons_account_coupon_key" ON "account_coupons" USING btree ("account_id","coupon_id");--> statement-breakpoint
CREATE UNIQUE INDEX "account_coupons_order_key" ON "account_coupons" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "account_coupons_account_area_idx" ON "account_coupons" USING btree ("account_id","area","created_at");--> statement-breakpoint
CREATE INDEX "coupons_area_created_idx" ON "coupons" USING btree ("area","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_code_key" ON "coupons" USING btree ("area","code");--> statement-breakpoint
CREATE INDEX "order_games_order_idx" ON "order_games" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_games_account_product_idx" ON "order_games" USING btree ("account_id","product_id");--> statement-breakpoint
CREATE INDEX "orders_account_created_idx" ON "orders" USING btree ("account_id","area","created_at");--> statement-breakpoint
CREATE INDEX "orders_unpaid_expiry_idx" ON "orders" USING btree ("expires_at") WHERE "orders"."state" in ('in_checkout', 'pending');