import type { PreviousUpload } from "tus-js-client";
import type { ApiTranscription } from "@/lib/api/contract/transcription";

/** The shapes both upload routes (tus and direct to the bucket) share with their callers. */
export interface UploadResult {
  ok: boolean;
  transcription?: ApiTranscription;
  error?: string;
}

type UploadStage = "sending" | "checking";

/** An earlier upload of the same file that the server still holds part of. */
export interface UnfinishedUpload {
  /** the upload's id (a direct upload's) */
  id: string;
  /** bytes the server holds */
  offset: number;
  size: number;
  /** tus-js-client's record of it (the "server" route) */
  previous?: PreviousUpload;
}

export interface UploadOptions {
  filename: string;
  language: string | null;
  /** how many people speak; null: detect */
  speakers: number | null;
  /** terms for this upload alone, besides its space's vocabulary */
  vocabulary?: readonly string[];
  source: "upload" | "recording";
  /** transcribe only the first this many seconds (what fits the plan) */
  firstSeconds?: number;
  /** resume this earlier, unfinished upload of the same file */
  resume?: UnfinishedUpload;
  /** bytes the server has, or that are on their way, of `total` */
  onProgress: (sent: number, total: number) => void;
  /** "checking": every byte arrived; the server is reading the audio before queueing it */
  onStage: (stage: UploadStage) => void;
}

export interface RunningUpload {
  promise: Promise<UploadResult>;
  /** stops sending and removes what the server holds */
  cancel: () => void;
}
