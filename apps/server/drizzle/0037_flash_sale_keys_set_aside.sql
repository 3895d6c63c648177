DROP INDEX "game_keys_available_idx";--> statement-breakpoint
ALTER TABLE "game_keys" ADD COLUMN "set_aside_for" text;--> statement-breakpoint
ALTER TABLE "seckill_events" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "seckill_items" ADD COLUMN "supplier_units" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "seckill_items" ADD COLUMN "keys_returned_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "game_keys_set_aside_idx" ON "game_keys" USING btree ("set_aside_for","id") WHERE "game_keys"."state" = 'available' AND "game_keys"."set_aside_for" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "seckill_items_keys_out_idx" ON "seckill_items" USING btree ("event_id") WHERE "seckill_items"."keys_returned_at" IS NULL;--> statement-breakpoint
CREATE INDEX "game_keys_available_idx" ON "game_keys" USING btree ("sku_id","id") WHERE "game_keys"."state" = 'available' AND "game_keys"."set_aside_for" IS NULL;--> statement-breakpoint
ALTER TABLE "seckill_items" ADD CONSTRAINT "seckill_items_supplier_units_valid" CHECK ("seckill_items"."supplier_units" >= 0 AND "seckill_items"."supplier_units" <= "seckill_items"."stock");