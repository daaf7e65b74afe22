CREATE TABLE "live_chunks" (
	"transcription_id" text NOT NULL,
	"seq" integer NOT NULL,
	"pcm" "bytea" NOT NULL,
	CONSTRAINT "live_chunks_transcription_id_seq_pk" PRIMARY KEY("transcription_id","seq")
);
--> statement-breakpoint
CREATE TABLE "live_sessions" (
	"transcription_id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"live" boolean NOT NULL,
	"not_live_reason" text,
	"chunks" integer DEFAULT 0 NOT NULL,
	"reserved_seconds" integer DEFAULT 0 NOT NULL,
	"pending" text DEFAULT '' NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"stopped_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "live_utterances" (
	"transcription_id" text NOT NULL,
	"idx" integer NOT NULL,
	"start_ms" integer NOT NULL,
	"end_ms" integer NOT NULL,
	"text" text NOT NULL,
	"words" jsonb,
	"confidence" real,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "live_utterances_transcription_id_idx_pk" PRIMARY KEY("transcription_id","idx")
);
--> statement-breakpoint
ALTER TABLE "workers" ADD COLUMN "live_capacity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "live_chunks" ADD CONSTRAINT "live_chunks_transcription_id_transcriptions_id_fk" FOREIGN KEY ("transcription_id") REFERENCES "public"."transcriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_sessions" ADD CONSTRAINT "live_sessions_transcription_id_transcriptions_id_fk" FOREIGN KEY ("transcription_id") REFERENCES "public"."transcriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_sessions" ADD CONSTRAINT "live_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_utterances" ADD CONSTRAINT "live_utterances_transcription_id_transcriptions_id_fk" FOREIGN KEY ("transcription_id") REFERENCES "public"."transcriptions"("id") ON DELETE cascade ON UPDATE no action;