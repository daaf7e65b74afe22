import type { DIARIZERS } from "@/lib/db/diarizers";

/**
 * Who spoke when: what a diarizer gives the transcription job. Speakers are numbered from 0
 * in order of first appearance across the whole file, so "Speaker 1" is whoever speaks first.
 */
export type DiarizerName = (typeof DIARIZERS)[number];

export interface SpeakerTurn {
  startMs: number;
  endMs: number;
  /** 0-based, in order of first appearance */
  speaker: number;
}

export interface DiarizedSpeaker {
  /** 0-based, in order of first appearance */
  speaker: number;
  /** seconds of speech attributed to this speaker */
  seconds: number;
  /** unit-length voice embedding (what voice profiles compare); its space depends on the diarizer */
  embedding: number[];
}

export interface Diarization {
  diarizer: DiarizerName;
  turns: SpeakerTurn[];
  speakers: DiarizedSpeaker[];
}

export interface DiarizeRequest {
  /** 16 kHz mono 16-bit PCM WAV */
  wavPath: string;
  durationS: number;
  /** how many speakers the user said there are; null: detect */
  speakers: number | null;
  signal?: AbortSignal;
}

/** A diarizer could not run or gave up; the transcript is kept without speakers. */
export class DiarizationError extends Error {}

/**
 * One chunk's speakers before the file-wide clustering (lib/speakers/global-clustering.ts):
 * long files are diarized a chunk at a time (cost linear in length), and the chunks' speakers
 * are then clustered once, so one voice is one speaker across the whole file.
 */
export interface LocalSpeaker {
  chunk: number;
  turns: Array<{ startMs: number; endMs: number }>;
  /** unit-length embedding of this speaker's speech in the chunk */
  embedding: number[];
}
