import { sql } from "drizzle-orm";
import { transcriptSegments } from "@/lib/db/schema";

/**
 * How much of a transcript the index holds (migration 0017's transcription_search_document):
 * the snippet is looked for in the same part, so a found transcript shows where it matched.
 * `transcriptions.transcript_text` holds just this much: writing a 10-hour transcript's
 * 550,000 characters on every save cost embedded PGlite (the server's own thread) ~30 ms.
 */
export const SEARCHED_TEXT_CHARS = 50_000;

/** What `transcript_text` holds for these segment texts, in order. */
export function searchedText(texts: string[]): string {
  const leading: string[] = [];
  let length = 0;
  for (const text of texts) {
    if (length >= SEARCHED_TEXT_CHARS) break;
    leading.push(text);
    length += text.length + 1;
  }
  // Cut by code points, as the database's left() does, so an emoji is never halved.
  return Array.from(leading.join(" ")).slice(0, SEARCHED_TEXT_CHARS).join("");
}

/**
 * The same, worked out by the database from a transcription's segments as they are: it walks
 * the segments from position 0 (positions have no gaps) one index lookup at a time and stops
 * at the first that starts past the searched part. Summing every segment's length instead
 * read all 3,600 segments of a 10-hour transcript on each save: up to 120 ms of embedded
 * PGlite, and so of the server's thread.
 */
export function searchedTextOf(transcriptionId: string) {
  const segment = transcriptSegments;
  return sql`(with recursive opening(position, text, ends_at) as (
      select ${segment.position}, ${segment.text}, length(${segment.text}) from ${segment}
        where ${segment.transcriptionId} = ${transcriptionId} and ${segment.position} = 0
      union all
      select next.position, next.text, opening.ends_at + 1 + length(next.text)
        from opening join ${segment} as next on next.transcription_id = ${transcriptionId} and next.position = opening.position + 1
        where opening.ends_at + 1 < ${SEARCHED_TEXT_CHARS})
    select left(coalesce(string_agg(opening.text, ' ' order by opening.position), ''), ${SEARCHED_TEXT_CHARS}) from opening)`;
}
