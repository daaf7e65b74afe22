CREATE TABLE "transcript_presence" (
	"transcription_id" text NOT NULL,
	"client_id" text NOT NULL,
	"user_id" text NOT NULL,
	"segment_id" text,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transcript_presence_transcription_id_client_id_pk" PRIMARY KEY("transcription_id","client_id")
);
--> statement-breakpoint
ALTER TABLE "transcript_segments" ADD COLUMN "changed_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "transcript_segments" ADD COLUMN "changed_by" text;--> statement-breakpoint
ALTER TABLE "transcriptions" ADD COLUMN "structure_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "transcript_presence" ADD CONSTRAINT "transcript_presence_transcription_id_transcriptions_id_fk" FOREIGN KEY ("transcription_id") REFERENCES "public"."transcriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transcript_presence" ADD CONSTRAINT "transcript_presence_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transcript_segments" ADD CONSTRAINT "transcript_segments_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "transcript_segments_changed_idx" ON "transcript_segments" USING btree ("transcription_id","changed_version");