import type { ApiTranscription } from "@/lib/api/contract/transcription";

type Snippet = NonNullable<ApiTranscription["snippet"]>;

/** How much text a search snippet shows on each side of the match. */
const SNIPPET_RADIUS = 40;

/**
 * Finds, in a transcript, the first word that starts with one of the search's words (as the
 * index matched them: a prefix, case aside) and returns the words around it, cut at word
 * boundaries with "…" where text was left out, so the list can highlight the whole word.
 */
export function snippetFinder(words: readonly string[]): (text: string) => Snippet | null {
  // searchWords gives only letters, digits and marks: nothing in them needs escaping here.
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}\\p{M}])(?:${words.join("|")})[\\p{L}\\p{N}\\p{M}]*`, "iu");
  return (text) => {
    const found = pattern.exec(text);
    if (!found) return null;
    const at = found.index;
    const end = at + found[0].length;
    const start = Math.max(0, at - SNIPPET_RADIUS);
    const stop = Math.min(text.length, end + SNIPPET_RADIUS);
    let before = text.slice(start, at);
    let after = text.slice(end, stop);
    if (start > 0) before = `…${before.slice(before.indexOf(" ") + 1)}`;
    if (stop < text.length) after = `${after.slice(0, Math.max(after.lastIndexOf(" "), 0))}…`;
    return { before, match: found[0], after };
  };
}
