CREATE TABLE "transcription_pieces" (
	"transcription_id" text NOT NULL,
	"idx" integer NOT NULL,
	"start_ms" integer NOT NULL,
	"end_ms" integer NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"language" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"locked_by" text,
	"locked_until" timestamp with time zone,
	"segments" jsonb,
	"heard_language" text,
	"error" text,
	CONSTRAINT "transcription_pieces_transcription_id_idx_pk" PRIMARY KEY("transcription_id","idx")
);
--> statement-breakpoint
ALTER TABLE "transcription_pieces" ADD CONSTRAINT "transcription_pieces_transcription_id_transcriptions_id_fk" FOREIGN KEY ("transcription_id") REFERENCES "public"."transcriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "transcription_pieces_status_idx" ON "transcription_pieces" USING btree ("status");