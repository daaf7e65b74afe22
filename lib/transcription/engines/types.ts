import type { WordTiming } from "@/lib/db/schema";

export type EngineName = "whisper" | "openai" | "sphinx";

export interface EngineSegment {
  startMs: number;
  endMs: number;
  text: string;
  words?: WordTiming[];
  confidence?: number;
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
  signal?: AbortSignal;
  /** 0..1 of this file */
  onProgress?: (fraction: number) => void;
}

export interface Availability {
  available: boolean;
  /** why not, in a sentence an operator can act on */
  reason?: string;
}

export interface Engine {
  name: EngineName;
  /** seconds per piece the pipeline feeds it (bounded memory); null: the whole file streams */
  chunkSeconds: number | null;
  availability(): Promise<Availability>;
  /** language codes it transcribes; "any" for multilingual engines */
  languages(): ReadonlySet<string> | "any";
  detectsLanguage: boolean;
  transcribe(request: TranscribeRequest): Promise<EngineResult>;
}

/** A failure worth retrying (network, rate limit, overloaded server); anything else is final. */
export class TransientEngineError extends Error {}

/** A failure no retry will fix (bad model, refused input); the user sees the message. */
export class PermanentEngineError extends Error {}
