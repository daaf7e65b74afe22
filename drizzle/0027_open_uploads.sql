CREATE TABLE "staged_uploads" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"way" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "staged_uploads" ADD CONSTRAINT "staged_uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staged_uploads_user_idx" ON "staged_uploads" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "direct_uploads_user_idx" ON "direct_uploads" USING btree ("user_id");