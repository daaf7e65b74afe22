CREATE TABLE "bucket_tus_parts" (
	"upload_id" text NOT NULL,
	"number" integer NOT NULL,
	"etag" text NOT NULL,
	CONSTRAINT "bucket_tus_parts_upload_id_number_pk" PRIMARY KEY("upload_id","number")
);
--> statement-breakpoint
CREATE TABLE "bucket_tus_uploads" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"object_key" text NOT NULL,
	"bucket_upload_id" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"part_bytes" integer NOT NULL,
	"offset_bytes" bigint DEFAULT 0 NOT NULL,
	"tail_bytes" integer DEFAULT 0 NOT NULL,
	"metadata" jsonb NOT NULL,
	"lock_token" text,
	"locked_until" timestamp with time zone,
	"release_wanted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bucket_tus_parts" ADD CONSTRAINT "bucket_tus_parts_upload_id_bucket_tus_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."bucket_tus_uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bucket_tus_uploads" ADD CONSTRAINT "bucket_tus_uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bucket_tus_uploads_created_idx" ON "bucket_tus_uploads" USING btree ("created_at");