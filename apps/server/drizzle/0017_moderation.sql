CREATE TABLE "moderation_mutes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" bigint NOT NULL,
	"until" timestamp with time zone,
	"reason" text NOT NULL,
	"staff_id" bigint,
	"report_id" bigint,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "moderation_reports" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"reporter_id" bigint NOT NULL,
	"target_type" text NOT NULL,
	"target_id" bigint NOT NULL,
	"target_author_id" bigint,
	"area" text NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"reason" text NOT NULL,
	"severity" integer NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"resolution" text,
	"resolved_by" bigint,
	"resolved_at" timestamp with time zone,
	"note" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "moderation_reports_resolved" CHECK (("moderation_reports"."status" = 'open') = ("moderation_reports"."resolved_at" is null) and ("moderation_reports"."status" = 'open') = ("moderation_reports"."resolution" is null)),
	CONSTRAINT "moderation_reports_severity" CHECK ("moderation_reports"."severity" > 0),
	CONSTRAINT "moderation_reports_status" CHECK ("moderation_reports"."status" in ('open', 'upheld', 'dismissed')),
	CONSTRAINT "moderation_reports_upheld" CHECK (("moderation_reports"."status" = 'dismissed') = ("moderation_reports"."resolution" is not distinct from 'dismiss'))
);
--> statement-breakpoint
CREATE TABLE "moderation_throttles" (
	"account_id" bigint NOT NULL,
	"action" text NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"window_count" integer NOT NULL,
	"verdict" text NOT NULL,
	"attempts" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "moderation_throttles_account_id_action_pk" PRIMARY KEY("account_id","action"),
	CONSTRAINT "moderation_throttles_count" CHECK ("moderation_throttles"."window_count" >= 0),
	CONSTRAINT "moderation_throttles_verdict" CHECK ("moderation_throttles"."verdict" in ('ok', 'access_wait', 'rate_limit'))
);
--> statement-breakpoint
CREATE TABLE "moderation_watched_words" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"word" text NOT NULL,
	"normalized" text NOT NULL,
	"action" text NOT NULL,
	"area" text,
	"created_by" bigint,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "moderation_watched_words_not_blank" CHECK (length("moderation_watched_words"."normalized") > 0),
	CONSTRAINT "moderation_watched_words_action" CHECK ("moderation_watched_words"."action" in ('block', 'require_approval', 'flag', 'censor'))
);
--> statement-breakpoint
ALTER TABLE "moderation_mutes" ADD CONSTRAINT "moderation_mutes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_mutes" ADD CONSTRAINT "moderation_mutes_staff_id_accounts_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_mutes" ADD CONSTRAINT "moderation_mutes_report_id_moderation_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."moderation_reports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_reports" ADD CONSTRAINT "moderation_reports_reporter_id_accounts_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_reports" ADD CONSTRAINT "moderation_reports_resolved_by_accounts_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_throttles" ADD CONSTRAINT "moderation_throttles_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_watched_words" ADD CONSTRAINT "moderation_watched_words_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "moderation_mutes_account" ON "moderation_mutes" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "moderation_reports_one_open" ON "moderation_reports" USING btree ("reporter_id","target_type","target_id") WHERE "moderation_reports"."status" = 'open';--> statement-breakpoint
CREATE INDEX "moderation_reports_queue" ON "moderation_reports" USING btree ("status","severity","created_at");--> statement-breakpoint
CREATE INDEX "moderation_reports_target" ON "moderation_reports" USING btree ("target_type","target_id") WHERE "moderation_reports"."status" = 'open';--> statement-breakpoint
CREATE INDEX "moderation_reports_reporter" ON "moderation_reports" USING btree ("reporter_id","status");--> statement-breakpoint
CREATE INDEX "moderation_reports_author" ON "moderation_reports" USING btree ("target_author_id","resolved_at") WHERE "moderation_reports"."status" = 'upheld';--> statement-breakpoint
CREATE UNIQUE INDEX "moderation_watched_words_key" ON "moderation_watched_words" USING btree ("normalized",coalesce("area", 'both'));