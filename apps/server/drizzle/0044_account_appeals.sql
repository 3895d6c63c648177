CREATE TABLE "appeal_denials" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"appeal_id" bigint NOT NULL,
	"channel" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "appeal_trackers" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"area" text NOT NULL,
	"connect_email" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "appeals" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"area" text NOT NULL,
	"account_id" bigint NOT NULL,
	"connect_email" text NOT NULL,
	"known_email" text,
	"known_phone" text,
	"city" text,
	"game" text,
	"description" text NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"evidence" jsonb NOT NULL,
	"score" integer NOT NULL,
	"state" text DEFAULT 'filed' NOT NULL,
	"signature_nonce" text NOT NULL,
	"reject_reason" text,
	"reviewed_by" bigint,
	"accepted_at" timestamp with time zone,
	"hold_ends_at" timestamp with time zone,
	"token_hash" text,
	"token_expires_at" timestamp with time zone,
	"reset_kind" text,
	"completed_at" timestamp with time zone,
	"denied_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "appeals_completed_consistent" CHECK (("appeals"."state" = 'completed') = ("appeals"."completed_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "recovery_hold_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appeal_denials" ADD CONSTRAINT "appeal_denials_appeal_id_appeals_id_fk" FOREIGN KEY ("appeal_id") REFERENCES "public"."appeals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appeals" ADD CONSTRAINT "appeals_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appeals" ADD CONSTRAINT "appeals_reviewed_by_accounts_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appeal_denials_appeal_idx" ON "appeal_denials" USING btree ("appeal_id");--> statement-breakpoint
CREATE UNIQUE INDEX "appeals_signature_key" ON "appeals" USING btree ("signature_nonce");--> statement-breakpoint
CREATE UNIQUE INDEX "appeals_token_key" ON "appeals" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "appeals_contact_idx" ON "appeals" USING btree ("connect_email","id");--> statement-breakpoint
CREATE INDEX "appeals_account_idx" ON "appeals" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "appeals_holding_idx" ON "appeals" USING btree ("hold_ends_at") WHERE "appeals"."state" = 'holding';