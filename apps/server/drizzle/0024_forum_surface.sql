CREATE TABLE "forum_integral_awards" (
	"campaign_id" bigint NOT NULL,
	"account_id" bigint NOT NULL,
	"day" text NOT NULL,
	"post_id" bigint NOT NULL,
	"points" integer NOT NULL,
	"awarded_at" timestamp with time zone NOT NULL,
	CONSTRAINT "forum_integral_awards_campaign_id_account_id_day_pk" PRIMARY KEY("campaign_id","account_id","day")
);
--> statement-breakpoint
CREATE TABLE "forum_integral_campaigns" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"area" text NOT NULL,
	"group_id" bigint NOT NULL,
	"title" jsonb NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"points_per_day" integer NOT NULL,
	"max_days" integer NOT NULL,
	CONSTRAINT "forum_integral_campaigns_window" CHECK ("forum_integral_campaigns"."starts_at" < "forum_integral_campaigns"."ends_at"),
	CONSTRAINT "forum_integral_campaigns_points" CHECK ("forum_integral_campaigns"."points_per_day" BETWEEN 1 AND 100 AND "forum_integral_campaigns"."max_days" BETWEEN 1 AND 60)
);
--> statement-breakpoint
CREATE TABLE "forum_integral_participants" (
	"campaign_id" bigint NOT NULL,
	"account_id" bigint NOT NULL,
	"joined_at" timestamp with time zone NOT NULL,
	CONSTRAINT "forum_integral_participants_campaign_id_account_id_pk" PRIMARY KEY("campaign_id","account_id")
);
--> statement-breakpoint
ALTER TABLE "discussion_reactions" DROP CONSTRAINT "discussion_reactions_type_valid";--> statement-breakpoint
ALTER TABLE "forum_integral_awards" ADD CONSTRAINT "forum_integral_awards_campaign_id_forum_integral_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."forum_integral_campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_integral_awards" ADD CONSTRAINT "forum_integral_awards_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_integral_participants" ADD CONSTRAINT "forum_integral_participants_campaign_id_forum_integral_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."forum_integral_campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_integral_participants" ADD CONSTRAINT "forum_integral_participants_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "forum_integral_campaigns_group_idx" ON "forum_integral_campaigns" USING btree ("group_id","area","ends_at");--> statement-breakpoint
ALTER TABLE "discussion_reactions" ADD CONSTRAINT "discussion_reactions_type_valid" CHECK ("discussion_reactions"."target_type" IN ('Post', 'SteamReview', 'Headline', 'Talk', 'Comment'));