CREATE TABLE "platform_bindings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"external_id" text NOT NULL,
	"show_id" text NOT NULL,
	"profile" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "platform_link_states" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"nonce_hash" text NOT NULL,
	"account_id" bigint,
	"kind" text NOT NULL,
	"return_path" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "platform_used_proofs" (
	"kind" text NOT NULL,
	"proof" text NOT NULL,
	"used_at" timestamp with time zone NOT NULL,
	CONSTRAINT "platform_used_proofs_kind_proof_pk" PRIMARY KEY("kind","proof")
);
--> statement-breakpoint
ALTER TABLE "platform_bindings" ADD CONSTRAINT "platform_bindings_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_link_states" ADD CONSTRAINT "platform_link_states_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "platform_bindings_account_kind_key" ON "platform_bindings" USING btree ("account_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "platform_bindings_kind_external_key" ON "platform_bindings" USING btree ("kind","external_id");--> statement-breakpoint
CREATE INDEX "platform_link_states_expires_idx" ON "platform_link_states" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "platform_used_proofs_used_idx" ON "platform_used_proofs" USING btree ("used_at");