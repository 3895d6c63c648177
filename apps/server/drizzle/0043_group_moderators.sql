CREATE TABLE "group_moderators" (
	"group_id" bigint NOT NULL,
	"account_id" bigint NOT NULL,
	"appointed_by" bigint,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "group_moderators_group_id_account_id_pk" PRIMARY KEY("group_id","account_id")
);
--> statement-breakpoint
ALTER TABLE "moderation_reports" ADD COLUMN "group_id" bigint;--> statement-breakpoint
ALTER TABLE "moderation_reports" ADD COLUMN "path" text;--> statement-breakpoint
ALTER TABLE "group_moderators" ADD CONSTRAINT "group_moderators_group_id_community_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."community_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_moderators" ADD CONSTRAINT "group_moderators_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_moderators" ADD CONSTRAINT "group_moderators_appointed_by_accounts_id_fk" FOREIGN KEY ("appointed_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "group_moderators_account_idx" ON "group_moderators" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "moderation_reports_group" ON "moderation_reports" USING btree ("group_id","status","severity") WHERE "moderation_reports"."group_id" is not null;--> statement-breakpoint
UPDATE "moderation_reports" r SET "group_id" = p."group_id", "path" = '/posts/' || p."id" FROM "posts" p WHERE r."target_type" = 'post' AND r."target_id" = p."id";--> statement-breakpoint
UPDATE "moderation_reports" r SET "group_id" = p."group_id", "path" = '/posts/' || p."id" || '#comment-' || c."id" FROM "discussion_comments" c JOIN "posts" p ON c."target_type" = 'Post' AND p."id" = c."target_id" WHERE r."target_type" = 'comment' AND r."target_id" = c."id";
