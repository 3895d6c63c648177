CREATE TABLE "feedbacks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" bigint NOT NULL,
	"area" text NOT NULL,
	"kind" text NOT NULL,
	"content" text NOT NULL,
	"contact" text,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"page_url" text,
	"status" text DEFAULT 'open' NOT NULL,
	"staff_reply" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notices" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"area" text NOT NULL,
	"kind" text NOT NULL,
	"title" jsonb NOT NULL,
	"content" jsonb NOT NULL,
	"pinned" boolean DEFAULT false NOT NULL,
	"withdrawn" boolean DEFAULT false NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "version_infos" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" text NOT NULL,
	"title" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"status" text NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"planned_at" timestamp with time zone,
	"released_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "version_infos_progress_range" CHECK ("version_infos"."progress" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "version_releases" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version_info_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"content" jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "feedbacks" ADD CONSTRAINT "feedbacks_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "version_releases" ADD CONSTRAINT "version_releases_version_info_id_version_infos_id_fk" FOREIGN KEY ("version_info_id") REFERENCES "public"."version_infos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "feedbacks_account_idx" ON "feedbacks" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "feedbacks_status_idx" ON "feedbacks" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "notices_list_idx" ON "notices" USING btree ("area","withdrawn","pinned","published_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "version_infos_version_key" ON "version_infos" USING btree ("version");--> statement-breakpoint
CREATE INDEX "version_releases_info_idx" ON "version_releases" USING btree ("version_info_id");