import { and, desc, eq, sql } from "drizzle-orm";
import type { ApiTranscription } from "@/lib/api/contract/transcription";
import type { Database } from "@/lib/db/client";
import { transcriptionSearch, transcriptions } from "@/lib/db/schema";
import { inSpace } from "@/lib/access/visibility";
import { SUMMARY, listTranscriptions, toApiTranscription } from "./queries";
import { snippetFinder } from "./search-snippet";
import { searchWords } from "./search-words";
import { SEARCHED_TEXT_CHARS } from "./searched-text";

/**
 * The most transcriptions a search answers, best first. Each one brings its searched text
 * back for the snippet, so the cap bounds that work as the index bounds the look-up.
 */
const SEARCH_RESULTS_MAX = 100;

/**
 * The list of one space as the API answers it. Without a search term: the space's transcriptions, newest
 * first. With one: those whose title or transcript holds every word of it as the start of a
 * word ("transcri" finds "transcription"; case and punctuation aside), the best matches first
 * (a title match above a match in the text, more matches above fewer), then the newest, each
 * with a snippet around its first match in the text. A term with no letter or digit in it
 * ("!!!") finds nothing: it names no word, and the answer to a search must not look as if
 * everything matched it.
 */
export async function searchTranscriptions(database: Database, userId: string, space: string | null, q?: string): Promise<ApiTranscription[]> {
  const term = q?.trim() ?? "";
  if (!term) return (await listTranscriptions(database, userId, space)).map((t) => ({ ...toApiTranscription(t), snippet: null }));
  const words = searchWords(term);
  if (!words.length) return [];
  const text = words.join(" ");
  // Sub-selects: each query is built once per search (not per row), and the index scan can use it.
  const everyWord = sql`(select search_query(${text}, false))`;
  const anyWord = sql`(select search_query(${text}, true))`;
  const found = await database
    .select({ ...SUMMARY, searched: sql<string>`left(${transcriptions.transcriptText}, ${SEARCHED_TEXT_CHARS})` })
    .from(transcriptionSearch)
    .innerJoin(transcriptions, eq(transcriptions.id, transcriptionSearch.transcriptionId))
    // The owner on the search table in the personal space: the plan starts from this user's documents, whatever others hold.
    .where(and(space ? undefined : eq(transcriptionSearch.userId, userId), inSpace(userId, space), sql`${transcriptionSearch.document} @@ ${everyWord}`))
    // Ranked by any word, not all: ts_rank over an AND of prefixes compares every position of
    // every matching word with every other, which a crafted transcript makes take seconds.
    .orderBy(desc(sql`ts_rank(${transcriptionSearch.document}, ${anyWord})`), desc(transcriptions.createdAt))
    .limit(SEARCH_RESULTS_MAX);
  const snippetOf = snippetFinder(words);
  return found.map(({ searched, ...t }) => ({ ...toApiTranscription(t), snippet: snippetOf(searched) }));
}
