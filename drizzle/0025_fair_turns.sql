CREATE TABLE "queue_turns" (
	"lane" text NOT NULL,
	"account" text NOT NULL,
	"served_at" timestamp with time zone NOT NULL,
	CONSTRAINT "queue_turns_lane_account_pk" PRIMARY KEY("lane","account")
);
--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "account" text;--> statement-breakpoint
CREATE INDEX "queue_turns_served_idx" ON "queue_turns" USING btree ("served_at");--> statement-breakpoint
CREATE INDEX "jobs_account_idx" ON "jobs" USING btree ("account","kind","status");--> statement-breakpoint
UPDATE "jobs" SET "account" = coalesce("user_id", (SELECT coalesce(t."billed_user_id", t."user_id") FROM "transcriptions" t WHERE t."id" = "jobs"."transcription_id"), lower("payload"->>'to')) WHERE "status" IN ('queued', 'running');
