ALTER TABLE "live_sessions" ADD COLUMN "paced_until" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "live_sessions" ADD COLUMN "shown_ms" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "live_sessions" ADD COLUMN "slot_released_at_chunk" integer;
