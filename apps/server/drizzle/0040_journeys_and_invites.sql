CREATE TABLE "invite_codes" (
	"account_id" bigint PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invite_registers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"inviter_id" bigint NOT NULL,
	"invitee_id" bigint NOT NULL,
	"area" text NOT NULL,
	"ip" text NOT NULL,
	"device_id" text,
	"state" text NOT NULL,
	"reward_points" integer DEFAULT 0 NOT NULL,
	"qualified_by" text,
	"created_at" timestamp with time zone NOT NULL,
	"rewarded_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "account_journey_rewards" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" bigint NOT NULL,
	"journey_id" bigint NOT NULL,
	"task_id" bigint NOT NULL,
	"reward_id" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"opened_at" timestamp with time zone,
	"account_coupon_id" bigint
);
--> statement-breakpoint
CREATE TABLE "account_journey_tasks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" bigint NOT NULL,
	"journey_id" bigint NOT NULL,
	"task_id" bigint NOT NULL,
	"completed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "journey_rewards" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"journey_id" bigint NOT NULL,
	"task_id" bigint NOT NULL,
	"title" jsonb NOT NULL,
	"points" integer,
	"coupon_id" bigint,
	CONSTRAINT "journey_rewards_gives_something" CHECK (("journey_rewards"."points" IS NOT NULL AND "journey_rewards"."points" > 0) OR "journey_rewards"."coupon_id" IS NOT NULL)
);
--> statement-breakpoint
CREATE TABLE "journey_tasks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"journey_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"title" jsonb NOT NULL,
	"code_hash" text,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "journey_tasks_code_valid" CHECK (("journey_tasks"."kind" = 'redeem_code') = ("journey_tasks"."code_hash" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "journeys" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"area" text NOT NULL,
	"title" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "journeys_window_valid" CHECK ("journeys"."ends_at" > "journeys"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "invite_codes" ADD CONSTRAINT "invite_codes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invite_registers" ADD CONSTRAINT "invite_registers_inviter_id_accounts_id_fk" FOREIGN KEY ("inviter_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invite_registers" ADD CONSTRAINT "invite_registers_invitee_id_accounts_id_fk" FOREIGN KEY ("invitee_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_journey_rewards" ADD CONSTRAINT "account_journey_rewards_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_journey_rewards" ADD CONSTRAINT "account_journey_rewards_journey_id_journeys_id_fk" FOREIGN KEY ("journey_id") REFERENCES "public"."journeys"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_journey_rewards" ADD CONSTRAINT "account_journey_rewards_task_id_journey_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."journey_tasks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_journey_rewards" ADD CONSTRAINT "account_journey_rewards_reward_id_journey_rewards_id_fk" FOREIGN KEY ("reward_id") REFERENCES "public"."journey_rewards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_journey_tasks" ADD CONSTRAINT "account_journey_tasks_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_journey_tasks" ADD CONSTRAINT "account_journey_tasks_journey_id_journeys_id_fk" FOREIGN KEY ("journey_id") REFERENCES "public"."journeys"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_journey_tasks" ADD CONSTRAINT "account_journey_tasks_task_id_journey_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."journey_tasks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journey_rewards" ADD CONSTRAINT "journey_rewards_journey_id_journeys_id_fk" FOREIGN KEY ("journey_id") REFERENCES "public"."journeys"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journey_rewards" ADD CONSTRAINT "journey_rewards_task_id_journey_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."journey_tasks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journey_rewards" ADD CONSTRAINT "journey_rewards_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journey_tasks" ADD CONSTRAINT "journey_tasks_journey_id_journeys_id_fk" FOREIGN KEY ("journey_id") REFERENCES "public"."journeys"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invite_codes_code_key" ON "invite_codes" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "invite_registers_invitee_key" ON "invite_registers" USING btree ("invitee_id");--> statement-breakpoint
CREATE INDEX "invite_registers_inviter_idx" ON "invite_registers" USING btree ("inviter_id","id");--> statement-breakpoint
CREATE INDEX "invite_registers_ip_idx" ON "invite_registers" USING btree ("ip","created_at");--> statement-breakpoint
CREATE INDEX "invite_registers_device_idx" ON "invite_registers" USING btree ("device_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "account_journey_rewards_key" ON "account_journey_rewards" USING btree ("account_id","reward_id");--> statement-breakpoint
CREATE INDEX "account_journey_rewards_account_idx" ON "account_journey_rewards" USING btree ("account_id","journey_id");--> statement-breakpoint
CREATE UNIQUE INDEX "account_journey_tasks_key" ON "account_journey_tasks" USING btree ("account_id","task_id");--> statement-breakpoint
CREATE UNIQUE INDEX "journey_rewards_task_key" ON "journey_rewards" USING btree ("task_id");--> statement-breakpoint
CREATE INDEX "journey_tasks_journey_idx" ON "journey_tasks" USING btree ("journey_id","position");--> statement-breakpoint
CREATE INDEX "journeys_area_idx" ON "journeys" USING btree ("area","position");