CREATE TABLE "replacement_rules" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_user_id" text,
	"workspace_id" text,
	"find" text NOT NULL,
	"replace" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "replacement_rules_one_space" CHECK (("replacement_rules"."owner_user_id" is null) <> ("replacement_rules"."workspace_id" is null))
);
--> statement-breakpoint
CREATE TABLE "vocabulary_terms" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_user_id" text,
	"workspace_id" text,
	"term" text NOT NULL,
	"sounds_like" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vocabulary_terms_one_space" CHECK (("vocabulary_terms"."owner_user_id" is null) <> ("vocabulary_terms"."workspace_id" is null))
);
--> statement-breakpoint
ALTER TABLE "direct_uploads" ADD COLUMN "vocabulary" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "transcriptions" ADD COLUMN "vocabulary" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "transcriptions" ADD COLUMN "replacements" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "replacement_rules" ADD CONSTRAINT "replacement_rules_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "replacement_rules" ADD CONSTRAINT "replacement_rules_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vocabulary_terms" ADD CONSTRAINT "vocabulary_terms_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vocabulary_terms" ADD CONSTRAINT "vocabulary_terms_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "replacement_rules_user_find_idx" ON "replacement_rules" USING btree ("owner_user_id",lower("find")) WHERE "replacement_rules"."owner_user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "replacement_rules_workspace_find_idx" ON "replacement_rules" USING btree ("workspace_id",lower("find")) WHERE "replacement_rules"."workspace_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "vocabulary_terms_user_term_idx" ON "vocabulary_terms" USING btree ("owner_user_id",lower("term")) WHERE "vocabulary_terms"."owner_user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "vocabulary_terms_workspace_term_idx" ON "vocabulary_terms" USING btree ("workspace_id",lower("term")) WHERE "vocabulary_terms"."workspace_id" is not null;