CREATE TABLE "headline_auth_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" bigint NOT NULL,
	"draft_id" bigint NOT NULL,
	"headline_id" bigint,
	"outcome" text NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "headline_drafts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"area" text NOT NULL,
	"account_id" bigint NOT NULL,
	"section_id" bigint,
	"title" text DEFAULT '' NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"content_html" text DEFAULT '' NOT NULL,
	"cover_url" text,
	"items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sku_id" bigint,
	"radio" jsonb DEFAULT '{"accountIds":[],"attachment":null}'::jsonb NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"reject_reason" text,
	"headline_id" bigint,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"submitted_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "headline_drafts_status_valid" CHECK ("headline_drafts"."status" IN ('draft', 'submitted', 'published', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "headline_sections" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" jsonb NOT NULL,
	"category" text NOT NULL,
	"parent_id" bigint,
	"kind" text DEFAULT 'list' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "headline_sections_category_valid" CHECK ("headline_sections"."category" IN ('news', 'article', 'video', 'radio', 'recommend')),
	CONSTRAINT "headline_sections_kind_valid" CHECK ("headline_sections"."kind" IN ('list', 'gallery'))
);
--> statement-breakpoint
CREATE TABLE "headlines" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"area" text NOT NULL,
	"section_id" bigint NOT NULL,
	"account_id" bigint NOT NULL,
	"title" text NOT NULL,
	"summary" text NOT NULL,
	"content_html" text NOT NULL,
	"cover_url" text,
	"items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sku_id" bigint,
	"radio" jsonb,
	"state" text DEFAULT 'published' NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "headlines_state_valid" CHECK ("headlines"."state" IN ('published', 'pending', 'hidden'))
);
--> statement-breakpoint
ALTER TABLE "headline_auth_events" ADD CONSTRAINT "headline_auth_events_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "headline_auth_events" ADD CONSTRAINT "headline_auth_events_draft_id_headline_drafts_id_fk" FOREIGN KEY ("draft_id") REFERENCES "public"."headline_drafts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "headline_auth_events" ADD CONSTRAINT "headline_auth_events_headline_id_headlines_id_fk" FOREIGN KEY ("headline_id") REFERENCES "public"."headlines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "headline_drafts" ADD CONSTRAINT "headline_drafts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "headline_drafts" ADD CONSTRAINT "headline_drafts_section_id_headline_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."headline_sections"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "headline_drafts" ADD CONSTRAINT "headline_drafts_headline_id_headlines_id_fk" FOREIGN KEY ("headline_id") REFERENCES "public"."headlines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "headline_sections" ADD CONSTRAINT "headline_sections_parent_id_headline_sections_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."headline_sections"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "headlines" ADD CONSTRAINT "headlines_section_id_headline_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."headline_sections"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "headlines" ADD CONSTRAINT "headlines_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "headline_auth_events_account_idx" ON "headline_auth_events" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "headline_drafts_account_idx" ON "headline_drafts" USING btree ("account_id","updated_at") WHERE "headline_drafts"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "headline_drafts_submitted_idx" ON "headline_drafts" USING btree ("area","submitted_at","id") WHERE "headline_drafts"."status" = 'submitted' AND "headline_drafts"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "headlines_area_published_idx" ON "headlines" USING btree ("area","published_at","id") WHERE "headlines"."state" = 'published' AND "headlines"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "headlines_section_published_idx" ON "headlines" USING btree ("section_id","published_at","id") WHERE "headlines"."state" = 'published' AND "headlines"."deleted_at" IS NULL;