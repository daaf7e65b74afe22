import { randomUUID } from "node:crypto";
import { and, asc, count, eq, isNotNull } from "drizzle-orm";
import type { Database, Tx } from "@/lib/db/client";
import { isUniqueViolation } from "@/lib/db/errors";
import { transcriptSegments, transcriptSpeakers, transcriptions, voiceProfiles } from "@/lib/db/schema";
import { DomainError } from "@/lib/errors/domain-error";
import { mayEdit, VIEWERS_READ_ONLY } from "@/lib/access/roles";
import { readableBy } from "@/lib/access/visibility";
import type { DiarizerName } from "./diarization";
import { addSample, defaultSpeakerName, matchProfiles, SUGGESTION_THRESHOLD } from "./voice-similarity";

/** A user keeps few voices; each transcript's speakers are compared with all of them. */
export const MAX_VOICE_PROFILES = 200;

/** A profile is named like a speaker (SpeakerName in lib/api/contract): its name is given to segments. */
const MAX_NAME_CHARS = 60;
/** Detectors number a file's speakers from 0; no recording has this many. */
const MAX_SPEAKER = 9999;

// lib/transcription's sentence (a layer above this one), word for word.
const TRANSCRIPTION_NOT_FOUND = "This transcription does not exist.";
const SPEAKER_NOT_FOUND = "This transcript has no such speaker.";
const VOICE_PROFILE_NOT_FOUND = "This voice profile does not exist.";
const PROFILES_FULL = `You can keep at most ${MAX_VOICE_PROFILES} voice profiles. Delete one on your account page first.`;
const unnamed = (name: string) => `Name this speaker first: a voice profile needs a name of its own, not “${name}”.`;

type VoiceProfile = typeof voiceProfiles.$inferSelect;
/** A profile as the user sees it: its embedding never leaves the server. */
export type VoiceProfileSummary = Omit<VoiceProfile, "userId" | "embedding">;

interface SpeakerSuggestion {
  profileId: string;
  name: string;
}

interface TranscriptSpeaker {
  speaker: number;
  name: string;
  /** the user has named it: its name is no longer the detector's "Speaker N" */
  named: boolean;
  seconds: number;
  suggestion: SpeakerSuggestion | null;
}

export interface TranscriptSpeakers {
  diarizer: DiarizerName | null;
  note: string | null;
  speakers: TranscriptSpeaker[];
}

/** A speaker number as a path spells it ("0", "1" …); anything else names no speaker. */
export function speakerFromPath(text: string): number {
  if (!/^\d{1,4}$/.test(text)) throw new DomainError("not_found", SPEAKER_NOT_FOUND);
  return Number(text);
}

function requireSpeakerNumber(speaker: number) {
  if (!Number.isInteger(speaker) || speaker < 0 || speaker > MAX_SPEAKER) throw new DomainError("not_found", SPEAKER_NOT_FOUND);
}

/** The transcription's speaker detector, if the user can read it (a workspace's too); `edit` also needs them not to be a viewer. */
async function ownedDiarizer(database: Database | Tx, userId: string, transcriptionId: string, { edit = false } = {}) {
  const [row] = await database
    .select({ diarizer: transcriptions.diarizer, note: transcriptions.speakersNote, userId: transcriptions.userId, workspaceId: transcriptions.workspaceId })
    .from(transcriptions)
    // One in Recently deleted is not found either (lib/transcription/deletion.ts).
    .where(and(eq(transcriptions.id, transcriptionId), readableBy(userId)));
  if (!row) throw new DomainError("not_found", TRANSCRIPTION_NOT_FOUND);
  if (edit && !(await mayEdit(database, userId, row))) throw new DomainError("forbidden", VIEWERS_READ_ONLY);
  return row;
}

const speakerRow = (transcriptionId: string, speaker: number) =>
  and(eq(transcriptSpeakers.transcriptionId, transcriptionId), eq(transcriptSpeakers.speaker, speaker));

/**
 * Saves one detected speaker of the user's transcript as a named voice profile ("This is
 * Maya"). A profile of that name for the same detector takes the voice in as one more sample
 * (a weighted mean), so saving Maya from several recordings makes her profile steadier.
 */
export async function saveVoiceProfile(
  database: Database,
  userId: string,
  input: { transcriptionId: string; speaker: number; name: string },
): Promise<VoiceProfileSummary> {
  const name = input.name.trim();
  requireSpeakerNumber(input.speaker);
  if (!name) throw new DomainError("unprocessable", "Give the speaker a name.");
  if (name.length > MAX_NAME_CHARS) throw new DomainError("unprocessable", `Use at most ${MAX_NAME_CHARS} characters for a speaker name.`);
  // "Speaker 2" names no one: suggested later, it would read "Speaker 1 sounds like Speaker 2".
  if (/^Speaker \d+$/.test(name)) throw new DomainError("unprocessable", unnamed(name));
  try {
    return await saveOnce(database, userId, input.transcriptionId, input.speaker, name);
  } catch (error) {
    // Two saves of a new name at once: the later finds the earlier's profile and adds to it.
    if (isUniqueViolation(error)) return saveOnce(database, userId, input.transcriptionId, input.speaker, name);
    throw error;
  }
}

const SUMMARY = {
  id: voiceProfiles.id,
  name: voiceProfiles.name,
  diarizer: voiceProfiles.diarizer,
  samples: voiceProfiles.samples,
  createdAt: voiceProfiles.createdAt,
  updatedAt: voiceProfiles.updatedAt,
};

function saveOnce(database: Database, userId: string, transcriptionId: string, speaker: number, name: string): Promise<VoiceProfileSummary> {
  return database.transaction(async (tx) => {
    const { diarizer } = await ownedDiarizer(tx, userId, transcriptionId);
    const [voice] = await tx.select({ embedding: transcriptSpeakers.embedding }).from(transcriptSpeakers).where(speakerRow(transcriptionId, speaker));
    if (!voice || !diarizer) throw new DomainError("not_found", SPEAKER_NOT_FOUND);
    const [existing] = await tx
      .select()
      .from(voiceProfiles)
      .where(and(eq(voiceProfiles.userId, userId), eq(voiceProfiles.name, name), eq(voiceProfiles.diarizer, diarizer)))
      .for("update");
    if (existing) {
      const [merged] = await tx
        .update(voiceProfiles)
        .set({ ...addSample(existing, voice.embedding), updatedAt: new Date() })
        .where(eq(voiceProfiles.id, existing.id))
        .returning(SUMMARY);
      return merged;
    }
    const [{ n }] = await tx.select({ n: count() }).from(voiceProfiles).where(eq(voiceProfiles.userId, userId));
    if (n >= MAX_VOICE_PROFILES) throw new DomainError("unprocessable", PROFILES_FULL);
    const { embedding } = addSample({ embedding: [], samples: 0 }, voice.embedding);
    const [created] = await tx.insert(voiceProfiles).values({ id: randomUUID(), userId, name, diarizer, embedding }).returning(SUMMARY);
    return created;
  });
}

/** The user's voice profiles by name (their embeddings stay on the server). */
export async function listVoiceProfiles(database: Database, userId: string): Promise<VoiceProfileSummary[]> {
  return database
    .select(SUMMARY)
    .from(voiceProfiles)
    .where(eq(voiceProfiles.userId, userId))
    .orderBy(asc(voiceProfiles.name), asc(voiceProfiles.diarizer));
}

/** Deletes the user's profile and with it its voice embedding; anyone else's id is not found. */
export async function deleteVoiceProfile(database: Database, userId: string, id: string): Promise<void> {
  const deleted = await database
    .delete(voiceProfiles)
    .where(and(eq(voiceProfiles.userId, userId), eq(voiceProfiles.id, id)))
    .returning({ id: voiceProfiles.id });
  if (!deleted.length) throw new DomainError("not_found", VOICE_PROFILE_NOT_FOUND);
}

/**
 * The speakers detected in the user's transcript, each with the voice profile it sounds like:
 * only for a speaker still called "Speaker N" whose suggestion was not turned down, only from
 * the user's own profiles of the same detector, never a name the transcript already uses.
 */
export async function speakersOf(database: Database, userId: string, transcriptionId: string): Promise<TranscriptSpeakers> {
  const { diarizer, note } = await ownedDiarizer(database, userId, transcriptionId);
  const rows = await database
    .select()
    .from(transcriptSpeakers)
    .where(eq(transcriptSpeakers.transcriptionId, transcriptionId))
    .orderBy(asc(transcriptSpeakers.speaker));
  const open = rows.filter((r) => r.name === defaultSpeakerName(r.speaker) && !r.suggestionDismissed);
  const suggestions = diarizer && open.length ? await suggestionsFor(database, userId, transcriptionId, diarizer, open, rows) : new Map();
  return {
    diarizer,
    note,
    speakers: rows.map((r) => ({
      speaker: r.speaker,
      name: r.name,
      named: r.name !== defaultSpeakerName(r.speaker),
      seconds: r.seconds,
      suggestion: suggestions.get(r.speaker) ?? null,
    })),
  };
}

async function suggestionsFor(
  database: Database,
  userId: string,
  transcriptionId: string,
  diarizer: DiarizerName,
  open: { speaker: number; embedding: number[] }[],
  rows: { name: string }[],
): Promise<Map<number, SpeakerSuggestion>> {
  const profiles = await database
    .select({ id: voiceProfiles.id, name: voiceProfiles.name, embedding: voiceProfiles.embedding })
    .from(voiceProfiles)
    .where(and(eq(voiceProfiles.userId, userId), eq(voiceProfiles.diarizer, diarizer)));
  if (!profiles.length) return new Map();
  // Names given by hand to segments count too: a profile already named in the transcript is not offered.
  const segmentNames = await database
    .selectDistinct({ name: transcriptSegments.speaker })
    .from(transcriptSegments)
    .where(and(eq(transcriptSegments.transcriptionId, transcriptionId), isNotNull(transcriptSegments.speaker)));
  const used = new Set([...rows.map((r) => r.name), ...segmentNames.map((s) => s.name)]);
  const offered = profiles.filter((p) => !used.has(p.name));
  const matched = matchProfiles(open, offered, SUGGESTION_THRESHOLD[diarizer]);
  return new Map([...matched].map(([speaker, p]) => [speaker, { profileId: p.id, name: p.name }]));
}

/** The user said the suggested profile is not this speaker: no suggestion for it again. */
export async function dismissSuggestion(database: Database, userId: string, transcriptionId: string, speaker: number): Promise<void> {
  requireSpeakerNumber(speaker);
  await ownedDiarizer(database, userId, transcriptionId, { edit: true });
  const updated = await database
    .update(transcriptSpeakers)
    .set({ suggestionDismissed: true })
    .where(speakerRow(transcriptionId, speaker))
    .returning({ speaker: transcriptSpeakers.speaker });
  if (!updated.length) throw new DomainError("not_found", SPEAKER_NOT_FOUND);
}
