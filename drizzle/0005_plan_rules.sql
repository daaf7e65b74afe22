ALTER TABLE "plans" ADD COLUMN "is_default" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "rank" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "in_onboarding_modal" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- The seeded plans of existing installs get what the plan-change rules need (new installs get it from the seed).
UPDATE "plans" SET "is_default" = true, "rank" = 0 WHERE "id" = 'free';--> statement-breakpoint
UPDATE "plans" SET "rank" = 1, "in_onboarding_modal" = true WHERE "id" = 'pro';--> statement-breakpoint
UPDATE "plans" SET "rank" = 2, "in_onboarding_modal" = true WHERE "id" = 'premium';--> statement-breakpoint
UPDATE "plans" SET "rank" = 3 WHERE "id" = 'enterprise';--> statement-breakpoint
CREATE UNIQUE INDEX "plans_one_default_idx" ON "plans" USING btree ("is_default") WHERE "plans"."is_default";
