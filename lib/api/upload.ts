import type { DetailedError, PreviousUpload, Upload } from "tus-js-client";
import { apiCall, detailOr, failureOf } from "./client";
import { ApiTranscription } from "./contract/transcriptions";

/**
 * Browser uploads are resumable (tus, https://tus.io, served at /api/uploads): the file goes
 * in parts, each acknowledged by the server; a dropped connection is retried from the last
 * acknowledged part, and after a reload the same file chosen again resumes where it stopped
 * (tus-js-client remembers each unfinished upload in localStorage by the file's name, type,
 * size and date). The answer to the last part is the transcription it became.
 */
export const UPLOAD_ENDPOINT = "/api/uploads";

/** 8 MiB parts: at most this much is sent twice after a drop, and ~128 acknowledgements per GB. */
const PART_BYTES = 8 * 1024 * 1024;

/** Waits between retries of a part: keeps trying for about five minutes (a laptop lid closed, a train tunnel). */
const RETRY_DELAYS_MS = [0, 1000, 2000, 3000, 5000, 5000, 10_000, 10_000, 20_000, 30_000, 30_000, 60_000, 60_000, 60_000];

export interface UploadResult {
  ok: boolean;
  transcription?: ApiTranscription;
  error?: string;
}

export type UploadStage = "sending" | "checking";

export interface UploadCallbacks {
  /** bytes the server has, or that are on their way, of `total` */
  onProgress: (sent: number, total: number) => void;
  /** "checking": every byte arrived; the server is reading the audio before queueing it */
  onStage: (stage: UploadStage) => void;
}

export interface UploadOptions extends UploadCallbacks {
  filename: string;
  language: string | null;
  source: "upload" | "recording";
  /** transcribe only the first this many seconds (what fits the plan) */
  firstSeconds?: number;
  /** resume this earlier, unfinished upload of the same file */
  resume?: PreviousUpload;
}

export interface RunningUpload {
  promise: Promise<UploadResult>;
  /** stops sending and removes what the server holds */
  cancel: () => void;
}

const INTERRUPTED = "The upload was interrupted. Check your connection and try again.";

async function tusUpload(file: Blob, options: { filename: string; language: string | null; source: string; firstSeconds?: number }): Promise<Upload> {
  const tus = await import("tus-js-client");
  const metadata: Record<string, string> = { filename: options.filename, filetype: file.type || "application/octet-stream", source: options.source };
  if (options.language) metadata.language = options.language;
  if (options.firstSeconds) metadata.first_seconds = String(options.firstSeconds);
  return new tus.Upload(file, {
    endpoint: UPLOAD_ENDPOINT,
    chunkSize: PART_BYTES,
    retryDelays: RETRY_DELAYS_MS,
    metadata,
    // A recording's blob is gone after a reload: only chosen files are remembered for resuming.
    storeFingerprintForResuming: options.source === "upload",
    removeFingerprintOnSuccess: true,
  });
}

export interface UnfinishedUpload {
  previous: PreviousUpload;
  /** bytes the server holds */
  offset: number;
  size: number;
}

/** How much of an earlier upload the server still holds; null when it holds none of it (finished, refused, expired). */
async function serverOffset(url: string): Promise<{ offset: number; size: number } | null> {
  const res = await fetch(url, { method: "HEAD", headers: { "Tus-Resumable": "1.0.0" }, cache: "no-store" }).catch(() => null);
  if (!res?.ok) return null;
  const offset = Number(res.headers.get("upload-offset"));
  const size = Number(res.headers.get("upload-length"));
  return Number.isFinite(offset) && Number.isFinite(size) && size > 0 ? { offset, size } : null;
}

/**
 * The newest earlier, unfinished upload of this same file (same name, type, size and date)
 * that the server still holds; the ones it no longer holds are forgotten on the way.
 */
export async function unfinishedUpload(file: File): Promise<UnfinishedUpload | null> {
  const upload = await tusUpload(file, { filename: file.name, language: null, source: "upload" });
  const found = (await upload.findPreviousUploads()).sort((a, b) => b.creationTime.localeCompare(a.creationTime));
  const gone: PreviousUpload[] = [];
  let usable: UnfinishedUpload | null = null;
  for (const previous of found) {
    const held: { offset: number; size: number } | null = !usable && previous.uploadUrl ? await serverOffset(previous.uploadUrl) : null;
    if (held) usable = { previous, ...held };
    else if (!usable) gone.push(previous);
  }
  await forget(gone);
  return usable;
}

async function forget(previous: PreviousUpload[]): Promise<void> {
  const tus = await import("tus-js-client");
  await Promise.all(previous.map((p) => tus.defaultOptions.urlStorage.removeUpload(p.urlStorageKey).catch(() => undefined)));
}

/** Forgets an earlier upload of a file and removes what the server kept of it ("Start over"). */
export async function discardUpload(previous: PreviousUpload): Promise<void> {
  const tus = await import("tus-js-client");
  if (previous.uploadUrl) await tus.Upload.terminate(previous.uploadUrl, { retryDelays: null }).catch(() => undefined);
  await forget([previous]);
}

function refusal(error: Error | DetailedError): string {
  const response = "originalResponse" in error ? error.originalResponse : null;
  if (!response) return INTERRUPTED;
  const status = response.getStatus();
  return detailOr(failureOf(status, response.getBody()), `The upload failed (${status}). Please try again.`);
}

/** The transcription an upload became, from the last part's answer or, when that answer was lost, by the upload's id. */
async function transcriptionOf(upload: Upload, body: string): Promise<UploadResult> {
  try {
    const parsed = ApiTranscription.safeParse(JSON.parse(body));
    if (parsed.success) return { ok: true, transcription: parsed.data };
  } catch {
    // an empty answer: this upload had already finished before it was resumed
  }
  const id = upload.url?.split("/").pop() ?? "";
  const found = await apiCall(`/api/transcriptions/${encodeURIComponent(id)}`, { answer: ApiTranscription });
  if (found.ok) return { ok: true, transcription: found.data };
  return { ok: false, error: "The upload could not be finished. Please upload the file again." };
}

/** Starts (or resumes) an upload; progress and stage come through the callbacks. */
export function startUpload(file: Blob, options: UploadOptions): RunningUpload {
  let upload: Upload | null = null;
  let canceled = false;
  let settle: (result: UploadResult) => void = () => undefined;
  const promise = new Promise<UploadResult>((resolve) => (settle = resolve));

  void tusUpload(file, options).then((u) => {
    upload = u;
    if (canceled) return;
    if (options.resume) u.resumeFromPreviousUpload(options.resume);
    u.options.onProgress = (sent, total) => {
      options.onProgress(sent, total);
      if (sent === total) options.onStage("checking");
    };
    u.options.onSuccess = ({ lastResponse }) => void transcriptionOf(u, lastResponse.getBody()).then(settle);
    u.options.onError = (error) => {
      if (canceled) return;
      // Refused (not audio, over the plan) or given up: nothing to offer to resume that the
      // server would not refuse again; an unfinished one it still holds is found by unfinishedUpload.
      settle({ ok: false, error: refusal(error) });
    };
    options.onStage("sending");
    u.start();
  }, () => settle({ ok: false, error: INTERRUPTED }));

  return {
    promise,
    cancel: () => {
      canceled = true;
      void upload?.abort(true).catch(() => undefined);
      settle({ ok: false, error: "Upload canceled." });
    },
  };
}
