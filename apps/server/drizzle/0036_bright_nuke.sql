ALTER TABLE "moderation_reports" ADD COLUMN "claimed_by" bigint;--> statement-breakpoint
ALTER TABLE "moderation_reports" ADD COLUMN "claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "moderation_reports" ADD CONSTRAINT "moderation_reports_claimed_by_accounts_id_fk" FOREIGN KEY ("claimed_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;