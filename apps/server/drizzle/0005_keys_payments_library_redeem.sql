CREATE TABLE "wallet_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" bigint NOT NULL,
	"currency" text NOT NULL,
	"delta" bigint NOT NULL,
	"balance_after" bigint NOT NULL,
	"reason" text NOT NULL,
	"order_id" bigint,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipments" (
	"order_id" bigint PRIMARY KEY NOT NULL,
	"state" text NOT NULL,
	"carrier" text,
	"tracking_number" text,
	"shipped_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "shipments_tracking_when_shipped" CHECK ("shipments"."state" = 'preparing' OR "shipments"."tracking_number" IS NOT NULL)
);
--> statement-breakpoint
CREATE TABLE "payment_notifications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"gateway" text NOT NULL,
	"notify_id" text NOT NULL,
	"out_trade_no" text,
	"payload" jsonb NOT NULL,
	"verified" boolean NOT NULL,
	"outcome" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"account_id" bigint NOT NULL,
	"area" text NOT NULL,
	"method" text NOT NULL,
	"payment_from" text NOT NULL,
	"out_trade_no" text NOT NULL,
	"gateway_trade_no" text,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"state" text NOT NULL,
	"failure_reason" text,
	"created_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "payments_amount_valid" CHECK ("payments"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"payment_id" bigint NOT NULL,
	"amount" integer NOT NULL,
	"reason" text NOT NULL,
	"state" text NOT NULL,
	"gateway_refund_no" text,
	"created_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "refunds_amount_valid" CHECK ("refunds"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "game_keys" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"sku_id" bigint NOT NULL,
	"batch_id" bigint NOT NULL,
	"key_type" text NOT NULL,
	"code_enc" text NOT NULL,
	"code_hash" text NOT NULL,
	"state" text NOT NULL,
	"order_game_id" bigint,
	"account_id" bigint,
	"assigned_at" timestamp with time zone,
	"activation_status" text DEFAULT 'init' NOT NULL,
	"activation_error" text,
	"activated_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "game_keys_assignment_consistent" CHECK (("game_keys"."state" = 'assigned') = ("game_keys"."order_game_id" IS NOT NULL AND "game_keys"."account_id" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "key_batches" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"sku_id" bigint NOT NULL,
	"source" text NOT NULL,
	"added" integer NOT NULL,
	"skipped" integer NOT NULL,
	"imported_by" bigint,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "key_deliveries" (
	"order_game_id" bigint PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"account_id" bigint NOT NULL,
	"sku_id" bigint NOT NULL,
	"state" text NOT NULL,
	"source" text NOT NULL,
	"supplier_error" text,
	"created_at" timestamp with time zone NOT NULL,
	"delivered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "library_games" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" bigint NOT NULL,
	"sku_id" bigint NOT NULL,
	"product_id" bigint NOT NULL,
	"area" text NOT NULL,
	"source" text NOT NULL,
	"source_id" bigint NOT NULL,
	"playtime_seconds" integer DEFAULT 0 NOT NULL,
	"last_played_at" timestamp with time zone,
	"acquired_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "redeem_codes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"area" text NOT NULL,
	"code_hash" text NOT NULL,
	"code_tail" text NOT NULL,
	"goods_kind" text NOT NULL,
	"sku_id" bigint,
	"coupon_id" bigint,
	"points" integer,
	"remote_id" text NOT NULL,
	"state" text NOT NULL,
	"owner_account_id" bigint,
	"code_enc" text,
	"expires_at" timestamp with time zone,
	"used_by" bigint,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "redeem_codes_goods_valid" CHECK (("redeem_codes"."goods_kind" = 'sku' AND "redeem_codes"."sku_id" IS NOT NULL) OR ("redeem_codes"."goods_kind" = 'coupon' AND "redeem_codes"."coupon_id" IS NOT NULL) OR ("redeem_codes"."goods_kind" = 'points' AND "redeem_codes"."points" > 0)),
	CONSTRAINT "redeem_codes_use_consistent" CHECK (("redeem_codes"."state" = 'used') = ("redeem_codes"."used_by" IS NOT NULL AND "redeem_codes"."used_at" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "purchase_banned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "wallet_entries" ADD CONSTRAINT "wallet_entries_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_keys" ADD CONSTRAINT "game_keys_sku_id_skus_id_fk" FOREIGN KEY ("sku_id") REFERENCES "public"."skus"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_keys" ADD CONSTRAINT "game_keys_batch_id_key_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."key_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_keys" ADD CONSTRAINT "game_keys_order_game_id_order_games_id_fk" FOREIGN KEY ("order_game_id") REFERENCES "public"."order_games"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_keys" ADD CONSTRAINT "game_keys_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "key_batches" ADD CONSTRAINT "key_batches_sku_id_skus_id_fk" FOREIGN KEY ("sku_id") REFERENCES "public"."skus"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "key_batches" ADD CONSTRAINT "key_batches_imported_by_accounts_id_fk" FOREIGN KEY ("imported_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "key_deliveries" ADD CONSTRAINT "key_deliveries_order_game_id_order_games_id_fk" FOREIGN KEY ("order_game_id") REFERENCES "public"."order_games"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "key_deliveries" ADD CONSTRAINT "key_deliveries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "key_deliveries" ADD CONSTRAINT "key_deliveries_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "key_deliveries" ADD CONSTRAINT "key_deliveries_sku_id_skus_id_fk" FOREIGN KEY ("sku_id") REFERENCES "public"."skus"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_games" ADD CONSTRAINT "library_games_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_games" ADD CONSTRAINT "library_games_sku_id_skus_id_fk" FOREIGN KEY ("sku_id") REFERENCES "public"."skus"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_games" ADD CONSTRAINT "library_games_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redeem_codes" ADD CONSTRAINT "redeem_codes_sku_id_skus_id_fk" FOREIGN KEY ("sku_id") REFERENCES "public"."skus"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redeem_codes" ADD CONSTRAINT "redeem_codes_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redeem_codes" ADD CONSTRAINT "redeem_codes_owner_account_id_accounts_id_fk" FOREIGN KEY ("owner_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redeem_codes" ADD CONSTRAINT "redeem_codes_used_by_accounts_id_fk" FOREIGN KEY ("used_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "wallet_entries_account_idx" ON "wallet_entries" USING btree ("account_id","currency","id");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_entries_order_reason_key" ON "wallet_entries" USING btree ("order_id","reason");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_notifications_gateway_notify_key" ON "payment_notifications" USING btree ("gateway","notify_id");--> statement-breakpoint
CREATE INDEX "payment_notifications_trade_idx" ON "payment_notifications" USING btree ("out_trade_no");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_out_trade_no_key" ON "payments" USING btree ("out_trade_no");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_success_per_order" ON "payments" USING btree ("order_id") WHERE "payments"."state" = 'succeeded';--> statement-breakpoint
CREATE INDEX "payments_order_idx" ON "payments" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_payment_key" ON "refunds" USING btree ("payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "game_keys_sku_code_key" ON "game_keys" USING btree ("sku_id","code_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "game_keys_order_game_key" ON "game_keys" USING btree ("order_game_id");--> statement-breakpoint
CREATE INDEX "game_keys_available_idx" ON "game_keys" USING btree ("sku_id","id") WHERE "game_keys"."state" = 'available';--> statement-breakpoint
CREATE INDEX "game_keys_account_idx" ON "game_keys" USING btree ("account_id","key_type","assigned_at");--> statement-breakpoint
CREATE INDEX "key_deliveries_waiting_idx" ON "key_deliveries" USING btree ("sku_id","created_at") WHERE "key_deliveries"."state" <> 'delivered';--> statement-breakpoint
CREATE INDEX "key_deliveries_account_idx" ON "key_deliveries" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "library_games_account_sku_key" ON "library_games" USING btree ("account_id","sku_id");--> statement-breakpoint
CREATE INDEX "library_games_account_area_idx" ON "library_games" USING btree ("account_id","area","acquired_at");--> statement-breakpoint
CREATE INDEX "library_games_account_product_idx" ON "library_games" USING btree ("account_id","product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "redeem_codes_code_key" ON "redeem_codes" USING btree ("code_hash");--> statement-breakpoint
CREATE INDEX "redeem_codes_owner_idx" ON "redeem_codes" USING btree ("owner_account_id");--> statement-breakpoint
CREATE INDEX "redeem_codes_used_by_idx" ON "redeem_codes" USING btree ("used_by","used_at");