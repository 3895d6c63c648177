CREATE TABLE "discussion_comments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"area" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" bigint NOT NULL,
	"account_id" bigint NOT NULL,
	"parent_id" bigint,
	"target_reply_id" bigint,
	"target_reply_account_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"at_users" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "discussion_comments_type_valid" CHECK ("discussion_comments"."target_type" IN ('Post', 'SteamReview', 'Headline', 'Talk')),
	CONSTRAINT "discussion_comments_reply_has_parent" CHECK ("discussion_comments"."target_reply_id" IS NULL OR "discussion_comments"."parent_id" IS NOT NULL)
);
--> statement-breakpoint
CREATE TABLE "discussion_counter_repairs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"target_type" text NOT NULL,
	"target_id" bigint NOT NULL,
	"likes_drift" integer NOT NULL,
	"dislikes_drift" integer NOT NULL,
	"comments_drift" integer NOT NULL,
	"repaired_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "discussion_counters" (
	"target_type" text NOT NULL,
	"target_id" bigint NOT NULL,
	"shard" smallint NOT NULL,
	"likes" integer DEFAULT 0 NOT NULL,
	"dislikes" integer DEFAULT 0 NOT NULL,
	"comments" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "discussion_counters_target_type_target_id_shard_pk" PRIMARY KEY("target_type","target_id","shard"),
	CONSTRAINT "discussion_counters_shard_valid" CHECK ("discussion_counters"."shard" >= 0 AND "discussion_counters"."shard" < 64)
);
--> statement-breakpoint
CREATE TABLE "discussion_reactions" (
	"target_type" text NOT NULL,
	"target_id" bigint NOT NULL,
	"account_id" bigint NOT NULL,
	"state" smallint NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "discussion_reactions_target_type_target_id_account_id_pk" PRIMARY KEY("target_type","target_id","account_id"),
	CONSTRAINT "discussion_reactions_state_valid" CHECK ("discussion_reactions"."state" IN (1, 2)),
	CONSTRAINT "discussion_reactions_type_valid" CHECK ("discussion_reactions"."target_type" IN ('Post', 'SteamReview', 'Headline', 'Talk'))
);
--> statement-breakpoint
ALTER TABLE "discussion_comments" ADD CONSTRAINT "discussion_comments_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_comments" ADD CONSTRAINT "discussion_comments_parent_id_discussion_comments_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."discussion_comments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_reactions" ADD CONSTRAINT "discussion_reactions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "discussion_comments_target_idx" ON "discussion_comments" USING btree ("target_type","target_id","id") WHERE "discussion_comments"."parent_id" IS NULL AND "discussion_comments"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "discussion_comments_parent_idx" ON "discussion_comments" USING btree ("parent_id","id") WHERE "discussion_comments"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "discussion_comments_account_idx" ON "discussion_comments" USING btree ("account_id","id") WHERE "discussion_comments"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "discussion_counter_repairs_at_idx" ON "discussion_counter_repairs" USING btree ("repaired_at");