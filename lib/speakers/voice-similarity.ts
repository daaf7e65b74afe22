import type { DiarizerName } from "./diarization";

/**
 * How alike (cosine similarity) a detected speaker's voice and a saved profile must be for the
 * profile's name to be suggested. Embeddings of different detectors live in different spaces,
 * so each has its own bar:
 * - sherpa-onnx (CAM++ speaker embeddings): 0.6. Its own clustering joins voices closer than a
 *   cosine distance of 0.5 (similarity 0.5, lib/speakers/detect-speakers.ts); a name is
 *   suggested across recordings (other rooms, microphones) but wrongly is worse than not at
 *   all, so the bar is a little higher.
 * - basic (a summary of MFCCs per voice, lib/speakers/mfcc-windows.ts): 0.9. Such summaries of
 *   any two voices are far more alike than speaker-model embeddings are. Measured with
 *   diarizeBasic on the test voices (test/support/dialog-audio.ts): one voice in different
 *   recordings and stretches (Kennedy's halves, Kennedy in the dialog and alone, the reader's
 *   20-30 s stretches) 0.96-0.999; the two voices 0.66-0.81. Those two are very unlike (a 1961
 *   broadcast, a clean synthetic reader); two alike voices come closer, so the bar sits
 *   nearer the same-voice figures than the midpoint.
 */
export const SUGGESTION_THRESHOLD: Readonly<Record<DiarizerName, number>> = { "sherpa-onnx": 0.6, basic: 0.9 };

/** The name a detected speaker carries until the user names it: "Speaker 1" for speaker 0. */
export const defaultSpeakerName = (speaker: number) => `Speaker ${speaker + 1}`;

/** Cosine similarity of two embeddings; null when they cannot be compared (other lengths, a zero vector). */
export function cosine(a: ArrayLike<number>, b: ArrayLike<number>): number | null {
  if (a.length !== b.length || a.length === 0) return null;
  let dot = 0;
  let aa = 0;
  let bb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i] * b[i];
    aa += a[i] * a[i];
    bb += b[i] * b[i];
  }
  return aa > 0 && bb > 0 ? dot / Math.sqrt(aa * bb) : null;
}

function unit(v: number[]): number[] {
  const norm = Math.sqrt(v.reduce((sum, x) => sum + x * x, 0));
  return norm > 0 ? v.map((x) => x / norm) : v;
}

/**
 * A profile's embedding after one more sample: the mean weighted by how many it already
 * holds, scaled to unit length. One of another length (the server's speaker model changed)
 * replaces it: the old one can no longer be compared with anything new.
 */
export function addSample(profile: { embedding: readonly number[]; samples: number }, sample: readonly number[]): { embedding: number[]; samples: number } {
  if (profile.embedding.length !== sample.length) return { embedding: unit([...sample]), samples: 1 };
  const w = profile.samples;
  return { embedding: unit(profile.embedding.map((x, i) => (x * w + sample[i]) / (w + 1))), samples: w + 1 };
}

export interface Candidate {
  speaker: number;
  embedding: readonly number[];
}

export interface ProfileVoice {
  id: string;
  name: string;
  embedding: readonly number[];
}

/**
 * Which profile to suggest for which speaker: pairs at or above the threshold, closest first,
 * each profile and each speaker used once, so a profile is suggested only for the speaker it
 * is most like (of those not already taken by a closer profile).
 */
export function matchProfiles(speakers: readonly Candidate[], profiles: readonly ProfileVoice[], threshold: number): Map<number, ProfileVoice> {
  const pairs = speakers.flatMap((s) =>
    profiles.flatMap((p) => {
      const similarity = cosine(s.embedding, p.embedding);
      return similarity !== null && similarity >= threshold ? [{ speaker: s.speaker, profile: p, similarity }] : [];
    }),
  );
  pairs.sort((a, b) => b.similarity - a.similarity);
  const chosen = new Map<number, ProfileVoice>();
  const used = new Set<string>();
  for (const { speaker, profile } of pairs) {
    if (chosen.has(speaker) || used.has(profile.id)) continue;
    chosen.set(speaker, profile);
    used.add(profile.id);
  }
  return chosen;
}
