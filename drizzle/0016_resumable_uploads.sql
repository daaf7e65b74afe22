CREATE TABLE "direct_upload_parts" (
	"upload_id" text NOT NULL,
	"number" integer NOT NULL,
	"etag" text NOT NULL,
	CONSTRAINT "direct_upload_parts_upload_id_number_pk" PRIMARY KEY("upload_id","number")
);
--> statement-breakpoint
CREATE TABLE "direct_uploads" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"object_key" text NOT NULL,
	"bucket_upload_id" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"part_bytes" integer NOT NULL,
	"filename" text NOT NULL,
	"content_type" text NOT NULL,
	"language" text,
	"source" text NOT NULL,
	"first_seconds" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "transcriptions" ADD COLUMN "first_seconds" integer;--> statement-breakpoint
ALTER TABLE "direct_upload_parts" ADD CONSTRAINT "direct_upload_parts_upload_id_direct_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."direct_uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "direct_uploads" ADD CONSTRAINT "direct_uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "direct_uploads_created_idx" ON "direct_uploads" USING btree ("created_at");