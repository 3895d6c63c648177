ALTER TABLE "order_games" ADD COLUMN "points_price" integer;--> statement-breakpoint
ALTER TABLE "order_games" ADD COLUMN "cash_payable" boolean DEFAULT true NOT NULL;--> statement-breakpoint
-- Orders placed before the snapshot existed keep what their SKUs say now (the rule payments used until here).
UPDATE "order_games" AS og SET "points_price" = CASE WHEN s."can_points_pay" THEN COALESCE(s."sale_points", s."list_points") END, "cash_payable" = s."support_cash_pay" FROM "skus" AS s WHERE s."id" = og."sku_id";
