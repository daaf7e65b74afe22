import type { ApiSegment } from "@/lib/api/contract/transcription";
import { replaceAll, replaceMatch, type Match } from "@/lib/editor/find";
import type { Edit } from "@/lib/editor/undo-history";
import { stateOf } from "./use-document-editing";

interface FindState {
  matches: Match[];
  current: number;
  query: string;
  replacement: string;
  matchCase: boolean;
}

/** Replaces the match being shown, as one undoable edit of its segment. */
export function replaceCurrent(find: FindState, segments: ApiSegment[], edit: Edit): void {
  const match = find.matches[find.current];
  if (!match) return;
  const before = stateOf(segments[match.position], match.position);
  edit([before], [{ ...before, text: replaceMatch(before.text, match, find.replacement) }]);
}

/** Replaces every match, as one undoable edit of the segments they are in. */
export function replaceEverywhere(find: FindState, segments: ApiSegment[], edit: Edit): void {
  const changes = replaceAll(segments.map((s) => s.text), find.query, find.replacement, { matchCase: find.matchCase });
  const before = changes.map((c) => stateOf(segments[c.position], c.position));
  edit(before, before.map((b, i) => ({ ...b, text: changes[i].text })));
}
