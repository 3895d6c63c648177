DROP INDEX "seckill_purchases_reserved_idx";--> statement-breakpoint
ALTER TABLE "seckill_purchases" ADD COLUMN "held_until" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "seckill_purchases_reserved_idx" ON "seckill_purchases" USING btree ("held_until") WHERE "seckill_purchases"."order_id" IS NULL AND NOT "seckill_purchases"."released";