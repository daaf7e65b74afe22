import type { PreviousUpload, Upload } from "tus-js-client";
import { partBytesFor } from "@/lib/api/contract/upload-parts";
import { detailOr, failureOf, urlOf } from "@/lib/api/client";
import { ApiTranscription, type TranscriptionOptions } from "@/lib/api/contract/transcription";
import { discardDirectUpload, startDirectUpload, unfinishedDirectUpload } from "./direct-upload";
import { createResumableUpload } from "@/lib/api/endpoints/uploads";
import { INTERRUPTED, RETRY_DELAYS_MS, transcriptionById } from "./upload-common";
import type { RunningUpload, UnfinishedUpload, UploadOptions, UploadResult } from "./upload-types";

/**
 * Browser uploads are resumable, by one of two routes the server names (`upload_route`):
 * - "server": tus (https://tus.io) at /api/uploads — the file goes to the web host in parts,
 *   each acknowledged; a dropped connection is retried from what arrived, and after a reload
 *   the same file chosen again resumes (tus-js-client remembers each unfinished upload in
 *   localStorage by the file's name, type, size and date). The answer to the last part is
 *   the transcription it became.
 * - "bucket": straight to the S3 bucket in presigned parts (./direct-upload.ts).
 */
type UploadRoute = TranscriptionOptions["upload_route"];

async function tusUpload(file: Blob, options: Pick<UploadOptions, "filename" | "language" | "speakers" | "vocabulary" | "source" | "firstSeconds">): Promise<Upload> {
  const tus = await import("tus-js-client");
  const metadata: Record<string, string> = { filename: options.filename, filetype: file.type || "application/octet-stream", source: options.source };
  if (options.language) metadata.language = options.language;
  if (options.firstSeconds) metadata.first_seconds = String(options.firstSeconds);
  if (options.speakers) metadata.speakers = String(options.speakers);
  if (options.vocabulary?.length) metadata.vocabulary = options.vocabulary.join(",");
  return new tus.Upload(file, {
    endpoint: urlOf(createResumableUpload),
    chunkSize: partBytesFor(file.size),
    retryDelays: RETRY_DELAYS_MS,
    metadata,
    // tus-js-client does not retry while the browser says it is offline; a laptop waking up or
    // a train leaving a tunnel is exactly when it should, so only refusals (4xx) are final.
    onShouldRetry: (error) => {
      const status = error.originalResponse?.getStatus() ?? 0;
      return status < 400 || status >= 500 || status === 409 || status === 423;
    },
    // A recording's blob is gone after a reload: only chosen files are remembered for resuming.
    storeFingerprintForResuming: options.source === "upload",
    removeFingerprintOnSuccess: true,
  });
}

/** How much of an earlier tus upload the server still holds; null when it holds none of it (finished, refused, expired). */
async function serverOffset(url: string): Promise<{ offset: number; size: number } | null> {
  const res = await fetch(url, { method: "HEAD", headers: { "Tus-Resumable": "1.0.0" }, cache: "no-store" }).catch(() => null);
  if (!res?.ok) return null;
  const offset = Number(res.headers.get("upload-offset"));
  const size = Number(res.headers.get("upload-length"));
  return Number.isFinite(offset) && Number.isFinite(size) && size > 0 ? { offset, size } : null;
}

async function forget(previous: PreviousUpload[]): Promise<void> {
  const tus = await import("tus-js-client");
  await Promise.all(previous.map((p) => tus.defaultOptions.urlStorage.removeUpload(p.urlStorageKey).catch(() => undefined)));
}

/**
 * The newest earlier, unfinished upload of this same file (same name, type, size and date)
 * that the server still holds; the ones it no longer holds are forgotten on the way.
 */
export async function unfinishedUpload(file: File, route: UploadRoute): Promise<UnfinishedUpload | null> {
  if (route === "bucket") return unfinishedDirectUpload(file);
  const upload = await tusUpload(file, { filename: file.name, language: null, speakers: null, source: "upload" });
  const found = (await upload.findPreviousUploads()).sort((a, b) => b.creationTime.localeCompare(a.creationTime));
  const gone: PreviousUpload[] = [];
  let usable: UnfinishedUpload | null = null;
  for (const previous of found) {
    const held: { offset: number; size: number } | null = !usable && previous.uploadUrl ? await serverOffset(previous.uploadUrl) : null;
    if (held) usable = { id: previous.uploadUrl!.split("/").pop()!, previous, ...held };
    else if (!usable) gone.push(previous);
  }
  await forget(gone);
  return usable;
}

/** Forgets an earlier upload of a file and removes what the server kept of it ("Start over"). */
export async function discardUpload(file: File, unfinished: UnfinishedUpload): Promise<void> {
  if (!unfinished.previous) return discardDirectUpload(file, unfinished);
  const tus = await import("tus-js-client");
  if (unfinished.previous.uploadUrl) await tus.Upload.terminate(unfinished.previous.uploadUrl, { retryDelays: null }).catch(() => undefined);
  await forget([unfinished.previous]);
}

function refusal(error: Error): string {
  const response = "originalResponse" in error ? (error as { originalResponse: { getStatus(): number; getBody(): string } | null }).originalResponse : null;
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
  return transcriptionById(upload.url?.split("/").pop() ?? "");
}

function startTusUpload(file: Blob, options: UploadOptions): RunningUpload {
  let upload: Upload | null = null;
  let canceled = false;
  let settle: (result: UploadResult) => void = () => undefined;
  const promise = new Promise<UploadResult>((resolve) => (settle = resolve));

  void tusUpload(file, options).then(
    (u) => {
      upload = u;
      if (canceled) return;
      if (options.resume?.previous) u.resumeFromPreviousUpload(options.resume.previous);
      u.options.onProgress = (sent, total) => {
        options.onProgress(sent, total);
        if (sent === total) options.onStage("checking");
      };
      u.options.onSuccess = ({ lastResponse }) => void transcriptionOf(u, lastResponse.getBody()).then(settle);
      // Refused (not audio, over the plan) or given up: the server drops a refused upload, and
      // an unfinished one it still holds is found again by unfinishedUpload.
      u.options.onError = (error) => !canceled && settle({ ok: false, error: refusal(error) });
      options.onStage("sending");
      u.start();
    },
    () => settle({ ok: false, error: INTERRUPTED }),
  );

  return {
    promise,
    cancel: () => {
      canceled = true;
      void upload?.abort(true).catch(() => undefined);
      settle({ ok: false, error: "Upload canceled." });
    },
  };
}

/** Starts (or resumes) an upload by the server's route; progress and stage come through the callbacks. */
export function startUpload(file: Blob, options: UploadOptions, route: UploadRoute): RunningUpload {
  return route === "bucket" ? startDirectUpload(file, options) : startTusUpload(file, options);
}
