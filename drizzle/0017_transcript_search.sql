-- Full-text search of titles and transcripts (issue 25): a GIN index over a tsvector, so a
-- search costs index look-ups instead of a case-insensitive scan of every transcript.
--
-- A word is a run of letters and digits (marks such as accents and vowel signs stay in it):
-- ASCII punctuation becomes a space before the 'simple' parser (lower-casing, no stemming,
-- no stop words: every language alike) sees the text. Without that step the parser would
-- read "COVID-19", "2.5", "e-mail" or "x@y.io" as special tokens that a search for their
-- words does not find, and hyphenated runs would add one entry for the run and one for each
-- part. The query goes through the same function, so both sides cut words alike.
CREATE FUNCTION search_words(body text) RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT to_tsvector('simple', regexp_replace(body, '[!-/:-@[-`{-~]+', ' ', 'g')) $$;--> statement-breakpoint
-- The words of a search (already cut to at most 20 by the app) as a tsquery in which every
-- word is a prefix ("transcri" finds "transcription"): all of them (&) to find a transcript,
-- any of them (|) to rank it. Built from lexemes, never by to_tsquery over what the user
-- typed, so no character of the search can make the query fail; lexemes hold no ASCII
-- punctuation, the quoting is there all the same.
CREATE FUNCTION search_query(words text, match_any boolean) RETURNS tsquery LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
    SELECT coalesce(
      string_agg('''' || replace(replace(lexeme, '\', '\\'), '''', '''''') || ''':*', CASE WHEN match_any THEN ' | ' ELSE ' & ' END),
      ''
    )::tsquery
    FROM unnest(tsvector_to_array(search_words(words))) AS lexeme
  $$;--> statement-breakpoint
-- What a transcription is found by: its title (weight A, so a title match ranks first) and
-- the first 50,000 characters of its transcript (about an hour of speech). The cap bounds
-- the work each save of the text adds (on embedded PGlite it runs on the server's own thread:
-- some 20 ms for a long transcript of ordinary words, up to ~80 ms for text made of distinct
-- rare characters), and keeps the vector far under tsvector's 1 MB limit whatever the text: a
-- word and the space after it take at most 4 bytes per character there.
CREATE FUNCTION transcription_search_document(title text, body text) RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT setweight(search_words(title), 'A') || search_words(left(body, 50000)) $$;--> statement-breakpoint
-- A table beside transcriptions rather than a column of it: every full-row read of a
-- transcription (the editor's, the worker's, each RETURNING) would otherwise fetch the vector.
-- It holds the owner too, so a search reads that user's documents (or the GIN index's
-- matches among them) and never every user's.
CREATE TABLE "transcription_search" (
	"transcription_id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"document" "tsvector" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "transcription_search" ADD CONSTRAINT "transcription_search_transcription_id_transcriptions_id_fk" FOREIGN KEY ("transcription_id") REFERENCES "public"."transcriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "transcription_search_document_idx" ON "transcription_search" USING gin ("document");--> statement-breakpoint
CREATE INDEX "transcription_search_user_idx" ON "transcription_search" USING btree ("user_id");--> statement-breakpoint
-- Kept by the database itself: every writer of a title or a transcript (upload, worker,
-- recording, editor, rename) is covered without knowing about search.
CREATE FUNCTION index_transcription_for_search() RETURNS trigger AS $$
BEGIN
  INSERT INTO transcription_search (transcription_id, user_id, document)
    VALUES (NEW.id, NEW.user_id, transcription_search_document(NEW.title, NEW.transcript_text))
    ON CONFLICT (transcription_id) DO UPDATE SET document = EXCLUDED.document;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER transcriptions_search_insert AFTER INSERT ON "transcriptions"
  FOR EACH ROW EXECUTE FUNCTION index_transcription_for_search();--> statement-breakpoint
-- Progress, status and the other frequent updates leave the index alone.
CREATE TRIGGER transcriptions_search_update AFTER UPDATE OF "title", "transcript_text" ON "transcriptions"
  FOR EACH ROW WHEN (OLD.title IS DISTINCT FROM NEW.title OR OLD.transcript_text IS DISTINCT FROM NEW.transcript_text)
  EXECUTE FUNCTION index_transcription_for_search();--> statement-breakpoint
INSERT INTO "transcription_search" ("transcription_id", "user_id", "document")
  SELECT "id", "user_id", transcription_search_document("title", "transcript_text") FROM "transcriptions";
