ALTER TABLE "uploads" DROP CONSTRAINT "uploads_key_under_owner";--> statement-breakpoint
ALTER TABLE "uploads" ALTER COLUMN "account_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "guest_grant" text;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "kept_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "uploads_guest_grant_idx" ON "uploads" USING btree ("guest_grant") WHERE "uploads"."guest_grant" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "uploads_guest_unkept_idx" ON "uploads" USING btree ("created_at") WHERE "uploads"."account_id" IS NULL AND "uploads"."kept_at" IS NULL;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_key_under_owner" CHECK (("uploads"."account_id" IS NOT NULL AND "uploads"."guest_grant" IS NULL AND "uploads"."key" LIKE 'u/' || "uploads"."account_id" || '/%')
    OR ("uploads"."account_id" IS NULL AND "uploads"."guest_grant" IS NOT NULL AND "uploads"."key" LIKE 'g/' || "uploads"."guest_grant" || '/%'));