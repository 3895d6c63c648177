CREATE TABLE "uploads" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" bigint NOT NULL,
	"key" text NOT NULL,
	"sizes" jsonb NOT NULL,
	"mime" text NOT NULL,
	"bytes" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"area" text NOT NULL,
	"watermarked" boolean NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "uploads_key_unique" UNIQUE("key"),
	CONSTRAINT "uploads_bytes_range" CHECK ("uploads"."bytes" > 0 AND "uploads"."bytes" <= 4194304),
	CONSTRAINT "uploads_mime_allowed" CHECK ("uploads"."mime" IN ('image/png', 'image/jpeg', 'image/webp', 'image/gif')),
	CONSTRAINT "uploads_key_under_owner" CHECK ("uploads"."key" LIKE 'u/' || "uploads"."account_id" || '/%')
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "water_mark" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "uploads_account_idx" ON "uploads" USING btree ("account_id","created_at");