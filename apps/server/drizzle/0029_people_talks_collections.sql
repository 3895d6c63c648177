CREATE TABLE "collections" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" bigint NOT NULL,
	"accessible_type" text NOT NULL,
	"accessible_id" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "people_blocks" (
	"blocker_id" bigint NOT NULL,
	"blocked_id" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "people_blocks_blocker_id_blocked_id_pk" PRIMARY KEY("blocker_id","blocked_id"),
	CONSTRAINT "people_blocks_not_self" CHECK ("people_blocks"."blocker_id" <> "people_blocks"."blocked_id")
);
--> statement-breakpoint
CREATE TABLE "people_follows" (
	"follower_id" bigint NOT NULL,
	"followee_id" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "people_follows_follower_id_followee_id_pk" PRIMARY KEY("follower_id","followee_id"),
	CONSTRAINT "people_follows_not_self" CHECK ("people_follows"."follower_id" <> "people_follows"."followee_id")
);
--> statement-breakpoint
CREATE TABLE "talks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" bigint NOT NULL,
	"area" text NOT NULL,
	"group_id" bigint,
	"forward_of_id" bigint,
	"content" text NOT NULL,
	"forward_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone,
	"hidden_by_staff" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "collections" ADD CONSTRAINT "collections_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "people_blocks" ADD CONSTRAINT "people_blocks_blocker_id_accounts_id_fk" FOREIGN KEY ("blocker_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "people_blocks" ADD CONSTRAINT "people_blocks_blocked_id_accounts_id_fk" FOREIGN KEY ("blocked_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "people_follows" ADD CONSTRAINT "people_follows_follower_id_accounts_id_fk" FOREIGN KEY ("follower_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "people_follows" ADD CONSTRAINT "people_follows_followee_id_accounts_id_fk" FOREIGN KEY ("followee_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "talks" ADD CONSTRAINT "talks_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "talks" ADD CONSTRAINT "talks_group_id_community_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."community_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "talks" ADD CONSTRAINT "talks_forward_of_id_talks_id_fk" FOREIGN KEY ("forward_of_id") REFERENCES "public"."talks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "collections_account_target_key" ON "collections" USING btree ("account_id","accessible_type","accessible_id");--> statement-breakpoint
CREATE INDEX "collections_account_list_idx" ON "collections" USING btree ("account_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "people_blocks_blocked_idx" ON "people_blocks" USING btree ("blocked_id","blocker_id");--> statement-breakpoint
CREATE INDEX "people_follows_followee_idx" ON "people_follows" USING btree ("followee_id","follower_id");--> statement-breakpoint
CREATE INDEX "talks_author_feed_idx" ON "talks" USING btree ("account_id","id" DESC NULLS LAST) WHERE "talks"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "talks_group_feed_idx" ON "talks" USING btree ("group_id","id" DESC NULLS LAST) WHERE "talks"."deleted_at" IS NULL AND "talks"."group_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "talks_recent_idx" ON "talks" USING btree ("id" DESC NULLS LAST) WHERE "talks"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "talks_forward_of_idx" ON "talks" USING btree ("forward_of_id") WHERE "talks"."forward_of_id" IS NOT NULL;