CREATE TABLE "transcription_styles" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"instructions" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "transcriptions" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "transcriptions" ADD COLUMN "formatted_markdown" text;--> statement-breakpoint
ALTER TABLE "transcriptions" ADD COLUMN "formatted_level" text;--> statement-breakpoint
ALTER TABLE "transcriptions" ADD COLUMN "formatted_style_name" text;--> statement-breakpoint
ALTER TABLE "transcriptions" ADD COLUMN "formatted_from_version" integer;--> statement-breakpoint
ALTER TABLE "transcriptions" ADD COLUMN "formatted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "transcription_styles" ADD CONSTRAINT "transcription_styles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "transcription_styles_user_name_idx" ON "transcription_styles" USING btree ("user_id","name");