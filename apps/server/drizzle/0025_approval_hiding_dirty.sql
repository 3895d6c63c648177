CREATE TABLE "discussion_dirty_targets" (
	"target_type" text NOT NULL,
	"target_id" bigint NOT NULL,
	CONSTRAINT "discussion_dirty_targets_target_type_target_id_pk" PRIMARY KEY("target_type","target_id")
);
--> statement-breakpoint
ALTER TABLE "posts" DROP CONSTRAINT "posts_published_at";--> statement-breakpoint
DROP INDEX "posts_one_review_per_account_key";--> statement-breakpoint
ALTER TABLE "moderation_reports" ALTER COLUMN "reporter_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "discussion_comments" ADD COLUMN "state" text DEFAULT 'published' NOT NULL;--> statement-breakpoint
CREATE INDEX "posts_pending_idx" ON "posts" USING btree ("area","updated_at","id") WHERE "posts"."status" = 'pending' AND "posts"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "discussion_comments_pending_idx" ON "discussion_comments" USING btree ("area","created_at","id") WHERE "discussion_comments"."state" = 'pending' AND "discussion_comments"."deleted_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "posts_one_review_per_account_key" ON "posts" USING btree ("group_id","account_id") WHERE "posts"."type" = 'Review' AND "posts"."status" <> 'draft' AND "posts"."deleted_at" IS NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_status_valid" CHECK ("posts"."status" IN ('draft', 'pending', 'published', 'hidden'));--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_published_at" CHECK ("posts"."status" IN ('draft', 'pending') OR "posts"."published_at" IS NOT NULL);--> statement-breakpoint
ALTER TABLE "discussion_comments" ADD CONSTRAINT "discussion_comments_state_valid" CHECK ("discussion_comments"."state" IN ('published', 'pending', 'hidden'));