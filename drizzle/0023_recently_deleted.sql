-- Recently deleted (issue 29): a deleted transcription is kept, with its audio, for 30 days,
-- restorable by its owner, then purged; deleted_at says since when (null: not deleted).
ALTER TABLE "transcriptions" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "transcriptions_deleted_idx" ON "transcriptions" USING btree ("deleted_at") WHERE "transcriptions"."deleted_at" is not null;
