ALTER TABLE "transcriptions" ADD COLUMN "pieces_done" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "transcriptions" ADD COLUMN "pieces_total" integer DEFAULT 0 NOT NULL;