CREATE TABLE "red_packet_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"area" text NOT NULL,
	"title" jsonb NOT NULL,
	"amount" bigint NOT NULL,
	"parts" integer NOT NULL,
	"packet_count" integer NOT NULL,
	"packets_left" integer NOT NULL,
	"from_at" timestamp with time zone NOT NULL,
	"to_at" timestamp with time zone NOT NULL,
	"openers_registered_after" timestamp with time zone,
	"closed" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "red_packet_events_window_valid" CHECK ("red_packet_events"."to_at" > "red_packet_events"."from_at"),
	CONSTRAINT "red_packet_events_terms_valid" CHECK ("red_packet_events"."parts" >= 1 AND "red_packet_events"."amount" >= "red_packet_events"."parts"),
	CONSTRAINT "red_packet_events_left_valid" CHECK ("red_packet_events"."packets_left" >= 0 AND "red_packet_events"."packets_left" <= "red_packet_events"."packet_count")
);
--> statement-breakpoint
CREATE TABLE "red_packet_parts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"packet_id" bigint NOT NULL,
	"position" integer NOT NULL,
	"amount" bigint NOT NULL,
	"opener_id" bigint,
	"opened_at" timestamp with time zone,
	CONSTRAINT "red_packet_parts_amount_valid" CHECK ("red_packet_parts"."amount" >= 1)
);
--> statement-breakpoint
CREATE TABLE "red_packets" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"event_id" bigint NOT NULL,
	"account_id" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"parts" integer NOT NULL,
	"share_token" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "red_packet_parts" ADD CONSTRAINT "red_packet_parts_packet_id_red_packets_id_fk" FOREIGN KEY ("packet_id") REFERENCES "public"."red_packets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "red_packet_parts" ADD CONSTRAINT "red_packet_parts_opener_id_accounts_id_fk" FOREIGN KEY ("opener_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "red_packets" ADD CONSTRAINT "red_packets_event_id_red_packet_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."red_packet_events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "red_packets" ADD CONSTRAINT "red_packets_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "red_packet_events_area_idx" ON "red_packet_events" USING btree ("area","from_at");--> statement-breakpoint
CREATE UNIQUE INDEX "red_packet_parts_packet_position_key" ON "red_packet_parts" USING btree ("packet_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "red_packet_parts_packet_opener_key" ON "red_packet_parts" USING btree ("packet_id","opener_id");--> statement-breakpoint
CREATE INDEX "red_packet_parts_unopened_idx" ON "red_packet_parts" USING btree ("packet_id","position") WHERE "red_packet_parts"."opener_id" IS NULL;--> statement-breakpoint
CREATE INDEX "red_packet_parts_opener_idx" ON "red_packet_parts" USING btree ("opener_id");--> statement-breakpoint
CREATE UNIQUE INDEX "red_packets_event_account_key" ON "red_packets" USING btree ("event_id","account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "red_packets_share_token_key" ON "red_packets" USING btree ("share_token");