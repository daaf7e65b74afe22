-- The search index takes each save's words at once instead of gathering them in a pending
-- list: merging that list every several saves of a long transcript held embedded PGlite (and
-- so the server's own thread) for a few hundred milliseconds at a time (issue 25's rule:
-- no request holds up the others by 100 ms).
ALTER INDEX "transcription_search_document_idx" SET (fastupdate = off);
