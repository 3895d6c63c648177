CREATE TABLE "distribution_attributions" (
	"account_id" bigint NOT NULL,
	"area" text NOT NULL,
	"sharer_id" bigint NOT NULL,
	"code" text NOT NULL,
	"attributed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "distribution_attributions_account_id_area_pk" PRIMARY KEY("account_id","area")
);
--> statement-breakpoint
CREATE TABLE "distribution_codes" (
	"account_id" bigint PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "distribution_orders" (
	"order_id" bigint PRIMARY KEY NOT NULL,
	"sharer_id" bigint NOT NULL,
	"buyer_id" bigint NOT NULL,
	"code" text NOT NULL,
	"area" text NOT NULL,
	"currency" text NOT NULL,
	"amount" integer NOT NULL,
	"commission" integer NOT NULL,
	"lines" jsonb NOT NULL,
	"state" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sku_commission_rates" (
	"sku_id" bigint PRIMARY KEY NOT NULL,
	"rate_bp" integer NOT NULL,
	"set_by" bigint,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "distribution_attributions" ADD CONSTRAINT "distribution_attributions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distribution_attributions" ADD CONSTRAINT "distribution_attributions_sharer_id_accounts_id_fk" FOREIGN KEY ("sharer_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distribution_codes" ADD CONSTRAINT "distribution_codes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distribution_orders" ADD CONSTRAINT "distribution_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distribution_orders" ADD CONSTRAINT "distribution_orders_sharer_id_accounts_id_fk" FOREIGN KEY ("sharer_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distribution_orders" ADD CONSTRAINT "distribution_orders_buyer_id_accounts_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sku_commission_rates" ADD CONSTRAINT "sku_commission_rates_sku_id_skus_id_fk" FOREIGN KEY ("sku_id") REFERENCES "public"."skus"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sku_commission_rates" ADD CONSTRAINT "sku_commission_rates_set_by_accounts_id_fk" FOREIGN KEY ("set_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "distribution_codes_code_key" ON "distribution_codes" USING btree ("code");--> statement-breakpoint
CREATE INDEX "distribution_orders_sharer_idx" ON "distribution_orders" USING btree ("sharer_id","area","order_id");