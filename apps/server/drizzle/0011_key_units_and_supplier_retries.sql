ALTER TABLE "game_keys" DROP CONSTRAINT "game_keys_assignment_consistent";--> statement-breakpoint
DROP INDEX "game_keys_order_game_key";--> statement-breakpoint
ALTER TABLE "key_deliveries" DROP CONSTRAINT "key_deliveries_pkey";--> statement-breakpoint
ALTER TABLE "game_keys" ADD COLUMN "unit" integer;--> statement-breakpoint
UPDATE "game_keys" SET "unit" = 1 WHERE "order_game_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "key_deliveries" ADD COLUMN "unit" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "key_deliveries" ADD COLUMN "supplier_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "key_deliveries" ADD COLUMN "next_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "key_deliveries" ADD CONSTRAINT "key_deliveries_pkey" PRIMARY KEY("order_game_id","unit");--> statement-breakpoint
CREATE UNIQUE INDEX "game_keys_order_game_unit_key" ON "game_keys" USING btree ("order_game_id","unit");--> statement-breakpoint
CREATE INDEX "key_deliveries_supplier_due_idx" ON "key_deliveries" USING btree ("next_attempt_at") WHERE "key_deliveries"."next_attempt_at" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "game_keys" ADD CONSTRAINT "game_keys_assignment_consistent" CHECK (("game_keys"."state" = 'assigned') = ("game_keys"."order_game_id" IS NOT NULL AND "game_keys"."unit" IS NOT NULL AND "game_keys"."account_id" IS NOT NULL));
