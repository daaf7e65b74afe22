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
 * The same, worked out by the database from a transcription's segments as they are: only
 * the segments that start within the searched part are read and joined.
 */
export function searchedTextOf(transcriptionId: string) {
  const startsAt = sql`sum(length(${transcriptSegments.text}) + 1) over (order by ${transcriptSegments.position}) - length(${transcriptSegments.text}) - 1`;
  return sql`(select left(coalesce(string_agg(opening.text, ' ' order by opening.position), ''), ${SEARCHED_TEXT_CHARS})
    from (select ${transcriptSegments.text} as text, ${transcriptSegments.position} as position, ${startsAt} as starts_at
          from ${transcriptSegments} where ${transcriptSegments.transcriptionId} = ${transcriptionId}) as opening
    where opening.starts_at < ${SEARCHED_TEXT_CHARS})`;
}
