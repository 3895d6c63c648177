CREATE TABLE "secret_seals" (
	"id" integer PRIMARY KEY NOT NULL,
	"check" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
