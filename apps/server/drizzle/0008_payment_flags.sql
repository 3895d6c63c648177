ALTER TABLE "payment_notifications" ADD COLUMN "flagged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_notifications" ADD COLUMN "flag_reason" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "gateway" text;--> statement-breakpoint
CREATE INDEX "payment_notifications_flagged_idx" ON "payment_notifications" USING btree ("flagged_at") WHERE "payment_notifications"."flagged_at" IS NOT NULL;--> statement-breakpoint
-- Every gateway attempt made before this migration went through the sandbox, the only gateway there was.
UPDATE "payments" SET "gateway" = 'sandbox' WHERE "method" IN ('alipay', 'wechat', 'paypal', 'card');
