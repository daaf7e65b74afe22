-- The job engine (issue 26): when a job was first taken and when it ended (the queue's
-- waited and ran figures, and the age its retention counts from), the periodic work every
-- worker shares, a wake-up for workers on each queued job, and each worker's model download.
ALTER TABLE "jobs" ADD COLUMN "started_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "finished_at" timestamp with time zone;
--> statement-breakpoint
CREATE INDEX "jobs_finished_idx" ON "jobs" USING btree ("status","finished_at") WHERE "finished_at" is not null;
--> statement-breakpoint
-- The operators' queue view lists the newest first; the figures read the last day's starts.
CREATE INDEX "jobs_created_idx" ON "jobs" USING btree ("created_at");
--> statement-breakpoint
CREATE INDEX "jobs_started_idx" ON "jobs" USING btree ("started_at") WHERE "started_at" is not null;
--> statement-breakpoint
-- Jobs that ended before this migration count as ended at their last change, so retention reaches them.
UPDATE "jobs" SET "finished_at" = "updated_at" WHERE "status" IN ('done', 'failed', 'canceled') AND "finished_at" IS NULL;
--> statement-breakpoint
CREATE TABLE "job_schedules" (
	"name" text PRIMARY KEY NOT NULL,
	"next_run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_run_at" timestamp with time zone,
	"last_error" text
);
--> statement-breakpoint
ALTER TABLE "workers" ADD COLUMN "model_status" jsonb;
--> statement-breakpoint
ALTER TABLE "workers" ADD COLUMN "model_retry_requested" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
-- Delivered when the writing transaction commits; workers LISTEN instead of polling.
CREATE FUNCTION "jobs_wake_workers"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('verbatim_jobs', NEW.kind);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "jobs_wake_workers" AFTER INSERT OR UPDATE OF "status", "run_after" ON "jobs"
  FOR EACH ROW WHEN (NEW.status = 'queued') EXECUTE FUNCTION "jobs_wake_workers"();
