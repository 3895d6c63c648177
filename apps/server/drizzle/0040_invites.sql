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
ALTER TABLE "invite_codes" ADD CONSTRAINT "invite_codes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invite_registers" ADD CONSTRAINT "invite_registers_inviter_id_accounts_id_fk" FOREIGN KEY ("inviter_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invite_registers" ADD CONSTRAINT "invite_registers_invitee_id_accounts_id_fk" FOREIGN KEY ("invitee_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invite_codes_code_key" ON "invite_codes" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "invite_registers_invitee_key" ON "invite_registers" USING btree ("invitee_id");--> statement-breakpoint
CREATE INDEX "invite_registers_inviter_idx" ON "invite_registers" USING btree ("inviter_id","id");--> statement-breakpoint
CREATE INDEX "invite_registers_ip_idx" ON "invite_registers" USING btree ("ip","created_at");--> statement-breakpoint
CREATE INDEX "invite_registers_device_idx" ON "invite_registers" USING btree ("device_id","created_at");