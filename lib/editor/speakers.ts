import type { SegmentState } from "./undo-history";

interface WithSpeaker {
  speaker: string | null;
}

/** The speakers named in a transcript, in the order they first speak. */
export function speakerNames(segments: readonly WithSpeaker[]): string[] {
  return [...new Set(segments.flatMap((s) => (s.speaker ? [s.speaker] : [])))];
}

/** The name a newly added speaker gets: "Speaker N", the first N not yet used. */
export function newSpeakerName(names: readonly string[]): string {
  let n = 1;
  while (names.includes(`Speaker ${n}`)) n++;
  return `Speaker ${n}`;
}

/** One speaker's new name: every segment `from` speaks gets `to`. */
export interface SpeakerRename {
  from: string;
  to: string;
}

/** The sentences a set of renames is refused with, in the dialog and by the server alike. */
export const noSuchSpeaker = (name: string) => `This transcript has no speaker called “${name}”.`;
export const renamedTwice = (name: string) => `“${name}” is renamed twice. Give each speaker one new name.`;
export const nameTaken = (name: string) => `Another speaker is also called “${name}”. Give each speaker a different name.`;

/**
 * What is wrong with each rename of `names` (the transcript's speakers), or null where it is
 * fine: a speaker that is not there, one renamed twice, or a new name another speaker would
 * also have afterwards (letter case aside: "maya" and "Maya" would read as one person). The
 * renames apply at once, so two speakers can swap names. Names are checked by SpeakerName first.
 */
export function renameProblems(names: readonly string[], renames: readonly SpeakerRename[]): (string | null)[] {
  const newName = new Map<string, string>();
  for (const r of renames) if (!newName.has(r.from)) newName.set(r.from, r.to);
  const key = (name: string) => name.toLocaleLowerCase();
  const after = names.map((n) => ({ from: n, key: key(newName.get(n) ?? n) }));
  const seen = new Set<string>();
  return renames.map((r) => {
    if (!names.includes(r.from)) return noSuchSpeaker(r.from);
    if (seen.has(r.from)) return renamedTwice(r.from);
    seen.add(r.from);
    if (r.to !== r.from && after.some((a) => a.from !== r.from && a.key === key(r.to))) return nameTaken(r.to);
    return null;
  });
}

/**
 * Renames applied everywhere, at once: the before and after states of every segment whose
 * speaker changes (one undo step). Renaming to a name already in use joins the two speakers.
 */
export function renameSpeakers(segments: readonly (WithSpeaker & { text: string })[], renames: readonly SpeakerRename[]): { before: SegmentState[]; after: SegmentState[] } {
  const newName = new Map<string, string>();
  for (const r of renames) if (!newName.has(r.from) && r.to !== r.from) newName.set(r.from, r.to);
  const renamed = segments.flatMap((s, position) => {
    const to = s.speaker === null ? undefined : newName.get(s.speaker);
    return to === undefined ? [] : [{ position, text: s.text, from: s.speaker, to }];
  });
  return {
    before: renamed.map((r) => ({ position: r.position, text: r.text, speaker: r.from })),
    after: renamed.map((r) => ({ position: r.position, text: r.text, speaker: r.to })),
  };
}

/** One speaker renamed everywhere (accepting a suggested name, say): see renameSpeakers. */
export function renameSpeaker(segments: readonly (WithSpeaker & { text: string })[], from: string, to: string): { before: SegmentState[]; after: SegmentState[] } {
  return renameSpeakers(segments, [{ from, to }]);
}
