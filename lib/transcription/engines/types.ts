import type { VocabularyTerm, WordTiming } from "@/lib/db/schema";

export type EngineName = "whisper" | "parakeet" | "openai" | "sphinx";

export interface EngineSegment {
  startMs: number;
  endMs: number;
  text: string;
  words?: WordTiming[];
  confidence?: number;
  /** who speaks ("Speaker 1" …), once speaker detection has labelled it */
  speaker?: string;
}

export interface EngineResult {
  segments: EngineSegment[];
  /** the language the engine heard, when it says */
  language?: string;
}

interface TranscribeRequest {
  /** 16 kHz mono 16-bit WAV */
  wavPath: string;
  durationS: number;
  /** null: detect */
  language: string | null;
  /** the end of the text before this piece, when known: engines that take a prompt keep names and style consistent */
  previousText?: string;
  /** the words and names to write as the user spells them (lib/vocabulary), each engine as it can */
  vocabulary?: readonly VocabularyTerm[];
  signal?: AbortSignal;
  /** 0..1 of this file */
  onProgress?: (fraction: number) => void;
}

/** A recording transcribed while it is made. */
export interface LiveRequest {
  /** null: the engine detects it (or its only language) */
  language: string | null;
  /** where the audio fed starts in the recording: reported times are from the recording's start */
  offsetMs: number;
  /** a stretch of speech the engine will not change any more, in order */
  onUtterance(utterance: EngineSegment): Promise<void>;
  /**
   * the words after the last utterance that may still change ("" for none), and how far into
   * the recording (ms) the engine had heard when it had them; engines that only report whole
   * utterances never call it
   */
  onPending?(text: string, heardMs?: number): void;
  /** a scratch directory of this session, removed after it */
  workDir: string;
  /** the words and names to write as the user spells them (lib/vocabulary), each engine as it can */
  vocabulary?: readonly VocabularyTerm[];
}

export interface LiveTranscriber {
  /** the next 16 kHz mono 16-bit PCM of the recording; resolves when the engine has taken it */
  write(pcm: Buffer): Promise<void>;
  /** no more audio: resolves once the last utterance has been reported */
  end(): Promise<void>;
  /** stops at once, reporting nothing more */
  abort(): void;
}

export interface Availability {
  available: boolean;
  /** why not, in a sentence an operator can act on */
  reason?: string;
  /** how it is set up here, for operators (build, helpers, threads) */
  setup?: string;
}

export interface Engine {
  name: EngineName;
  /** about how many seconds of audio each piece it is fed holds (long audio is cut at pauses) */
  pieceSeconds: number;
  /** how many pieces this machine runs at once with it */
  parallelism(): number;
  /** about how many cores one live recording keeps busy with it (measured): how many a worker takes at once */
  liveCores(): number;
  availability(): Promise<Availability>;
  /** language codes it transcribes; "any" for multilingual engines */
  languages(): ReadonlySet<string> | "any";
  detectsLanguage: boolean;
  transcribe(request: TranscribeRequest): Promise<EngineResult>;
  /** transcribes a recording as its audio arrives */
  live(request: LiveRequest): Promise<LiveTranscriber>;
}

/** A failure worth retrying (network, rate limit, overloaded server); anything else is final. */
export class TransientEngineError extends Error {}

/** A failure no retry will fix (bad model, refused input); the user sees the message. */
export class PermanentEngineError extends Error {}
