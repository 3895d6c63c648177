-- A session's absolute end is counted from its sign-in. Families signed in before this column existed take
-- the creation time of their oldest refresh token, which is when they signed in.
ALTER TABLE "refresh_tokens" ADD COLUMN "signed_in_at" timestamp with time zone;--> statement-breakpoint
UPDATE "refresh_tokens" AS r SET "signed_in_at" = f."first_created_at" FROM (SELECT "family_id", min("created_at") AS "first_created_at" FROM "refresh_tokens" GROUP BY "family_id") AS f WHERE r."family_id" = f."family_id";--> statement-breakpoint
ALTER TABLE "refresh_tokens" ALTER COLUMN "signed_in_at" SET NOT NULL;
