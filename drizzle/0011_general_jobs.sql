DROP TABLE "formatting_runs" CASCADE;--> statement-breakpoint
ALTER TABLE "jobs" DROP CONSTRAINT "jobs_transcription_id_unique";--> statement-breakpoint
DROP INDEX "jobs_claim_idx";--> statement-breakpoint
ALTER TABLE "jobs" ALTER COLUMN "transcription_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "kind" text DEFAULT 'transcribe' NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "user_id" text;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "payload" jsonb;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_one_transcribe_per_file" ON "jobs" USING btree ("transcription_id") WHERE kind = 'transcribe';--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_one_open_format_per_user" ON "jobs" USING btree ("user_id") WHERE kind = 'format' and status in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "jobs_claim_idx" ON "jobs" USING btree ("kind","status","priority","run_after");