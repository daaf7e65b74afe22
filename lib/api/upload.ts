import { detailOr, failureOf } from "./client";
import { ApiTranscription } from "./contract/transcriptions";

export interface UploadResult {
  ok: boolean;
  transcription?: ApiTranscription;
  error?: string;
}

/**
 * Sends a file as the raw request body (the server streams it to disk) and reports upload
 * progress; fetch() cannot report upload progress, XMLHttpRequest can. The one call of the
 * typed client (lib/api/client.ts) that is not made with fetch; its answer is checked the same way.
 */
export function uploadAudio(
  file: Blob,
  options: { filename: string; language: string | null; source: "upload" | "recording"; onProgress: (fraction: number) => void },
): { promise: Promise<UploadResult>; abort: () => void } {
  const xhr = new XMLHttpRequest();
  const params = new URLSearchParams({ filename: options.filename, source: options.source });
  if (options.language) params.set("language", options.language);
  const promise = new Promise<UploadResult>((resolve) => {
    xhr.open("POST", `/api/transcriptions?${params}`);
    xhr.setRequestHeader("content-type", file.type || "application/octet-stream");
    xhr.upload.onprogress = (e) => e.lengthComputable && options.onProgress(e.loaded / e.total);
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        // a proxy's HTML error page: fall through to the generic sentence
      }
      const created = xhr.status === 201 ? ApiTranscription.safeParse(body) : null;
      if (created?.success) return resolve({ ok: true, transcription: created.data });
      resolve({ ok: false, error: detailOr(failureOf(xhr.status, xhr.responseText), `The upload failed (${xhr.status}). Please try again.`) });
    };
    xhr.onerror = () => resolve({ ok: false, error: "The upload was interrupted. Check your connection and try again." });
    xhr.onabort = () => resolve({ ok: false, error: "Upload canceled." });
    xhr.send(file);
  });
  return { promise, abort: () => xhr.abort() };
}
