-- Speakers (issue 27): how many the user said there are, which detector labelled the
-- segments or why none could, each transcription's detected voices with their embeddings,
-- and the user's named voice profiles. Embeddings are plain real[]: a user holds few
-- profiles, compared in the app exactly (no extension needed on PostgreSQL).
ALTER TABLE "transcriptions" ADD COLUMN "speakers_expected" integer;--> statement-breakpoint
ALTER TABLE "transcriptions" ADD COLUMN "diarizer" text;--> statement-breakpoint
ALTER TABLE "transcriptions" ADD COLUMN "speakers_note" text;--> statement-breakpoint
CREATE TABLE "transcript_speakers" (
	"transcription_id" text NOT NULL,
	"speaker" integer NOT NULL,
	"name" text NOT NULL,
	"seconds" real NOT NULL,
	"embedding" real[] NOT NULL,
	"suggestion_dismissed" boolean DEFAULT false NOT NULL,
	CONSTRAINT "transcript_speakers_transcription_id_speaker_pk" PRIMARY KEY("transcription_id","speaker")
);
--> statement-breakpoint
CREATE TABLE "voice_profiles" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"diarizer" text NOT NULL,
	"embedding" real[] NOT NULL,
	"samples" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "transcript_speakers" ADD CONSTRAINT "transcript_speakers_transcription_id_transcriptions_id_fk" FOREIGN KEY ("transcription_id") REFERENCES "public"."transcriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voice_profiles" ADD CONSTRAINT "voice_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "voice_profiles_user_name_diarizer" ON "voice_profiles" USING btree ("user_id","name","diarizer");
--> statement-breakpoint
ALTER TABLE "direct_uploads" ADD COLUMN "speakers_expected" integer;
