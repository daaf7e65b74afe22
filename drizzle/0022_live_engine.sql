-- Live text word by word (issue 28): which engine made a recording's live text, so the
-- full-quality pass can compare its confidence with the live text's on the same scale.
ALTER TABLE "live_sessions" ADD COLUMN "engine" text;
