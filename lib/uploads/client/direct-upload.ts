import { call, detailOr } from "@/lib/api/client";
import { completeDirectUpload, discardDirectUpload as discardUpload, getDirectUpload, recordDirectUploadPart, signDirectUploadParts, startDirectUpload as startUpload } from "@/lib/api/endpoints/uploads";
import type { RunningUpload, UnfinishedUpload, UploadOptions, UploadResult } from "./upload-types";
import { INTERRUPTED, RETRY_DELAYS_MS, transcriptionById } from "./upload-common";

/**
 * Uploads straight to the bucket (the server's `upload_route` is "bucket"): the server starts
 * an S3 multipart upload and signs one address per part; the browser PUTs the parts there,
 * a few at a time, each retried after a drop from its start; then asks the server to finish,
 * which checks the parts itself. After a reload the same file chosen again resumes: the server
 * lists the parts whose receipts it has, and only the others are sent.
 *
 * One part at a time: a part cut off by a drop is lost whole in S3 (unlike tus, which keeps
 * what arrived), so parts in parallel would mean several sent again after every drop; one
 * stream already fills a link (npm run bench:upload).
 */
const PARTS_AT_ONCE = 1;
const SIGN_AHEAD = 12;
const STORAGE_PREFIX = "verbatim-direct-upload:";

const fingerprint = (file: File) => `${STORAGE_PREFIX}${file.name}:${file.type}:${file.size}:${file.lastModified}`;

interface Remembered {
  id: string;
  created: string;
}

function remembered(file: File): Remembered | null {
  try {
    const raw = localStorage.getItem(fingerprint(file));
    return raw ? (JSON.parse(raw) as Remembered) : null;
  } catch {
    return null;
  }
}

function remember(file: Blob, id: string | null) {
  if (!(file instanceof File)) return;
  try {
    if (id) localStorage.setItem(fingerprint(file), JSON.stringify({ id, created: new Date().toISOString() }));
    else localStorage.removeItem(fingerprint(file));
  } catch {
    // private mode or full storage: the upload works, only resuming after a reload does not
  }
}

/** An earlier direct upload of this file that the bucket still holds parts of. */
export async function unfinishedDirectUpload(file: File): Promise<UnfinishedUpload | null> {
  const known = remembered(file);
  if (!known) return null;
  const found = await call(getDirectUpload, { params: { id: known.id } });
  if (!found.ok || found.data.size !== file.size) {
    remember(file, null);
    return null;
  }
  return { id: known.id, offset: found.data.parts.reduce((sum, p) => sum + p.size, 0), size: found.data.size };
}

export async function discardDirectUpload(file: File, previous: UnfinishedUpload): Promise<void> {
  remember(file, null);
  await call(discardUpload, { params: { id: previous.id } });
}

class Refused extends Error {}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const NO_RECEIPT =
  "The storage bucket does not show its upload receipts (the ETag header) to browsers. An administrator must expose ETag in the bucket's CORS rules.";

/** One PUT of one part (to its address, signed first if need be); resolves with the bucket's receipt (ETag) on 2xx, rejects with the status (0: no answer). */
async function putPart(known: string, body: Blob, onProgress: (loaded: number) => void, xhrs: Set<XMLHttpRequest>, sign: () => Promise<string>): Promise<string> {
  const url = known || (await sign());
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhrs.add(xhr);
    xhr.open("PUT", url);
    xhr.upload.onprogress = (e) => onProgress(e.loaded);
    const done = (ok: boolean) => {
      xhrs.delete(xhr);
      // 400: the part is not what the address was signed for; 404: the upload is gone (expired, canceled). Trying again cannot help.
      if (xhr.status === 400 || xhr.status === 404) return reject(new Refused("This upload expired or was canceled. Upload the file again."));
      if (!ok) return reject(new Error(String(xhr.status)));
      const etag = xhr.getResponseHeader("ETag");
      if (etag) resolve(etag);
      else reject(new Refused(NO_RECEIPT));
    };
    xhr.onload = () => done(xhr.status >= 200 && xhr.status < 300);
    xhr.onerror = () => done(false);
    xhr.onabort = () => done(false);
    xhr.send(body);
  });
}

export function startDirectUpload(file: Blob, options: UploadOptions): RunningUpload {
  const xhrs = new Set<XMLHttpRequest>();
  let canceled = false;
  let uploadId: string | null = null;

  const run = async (): Promise<UploadResult> => {
    options.onStage("sending");
    const started = options.resume
      ? await call(getDirectUpload, { params: { id: options.resume.id } })
      : await call(startUpload, {
          body: {
            filename: options.filename,
            size: file.size,
            content_type: file.type,
            language: options.language,
            speakers: options.speakers,
            vocabulary: [...(options.vocabulary ?? [])],
            source: options.source,
            first_seconds: options.firstSeconds ?? null,
          },
        });
    if (!started.ok) return { ok: false, error: detailOr(started, INTERRUPTED) };
    const upload = started.data;
    uploadId = upload.id;
    if (canceled) {
      void call(discardUpload, { params: { id: upload.id } });
      return { ok: false, error: "Upload canceled." };
    }
    if (options.source === "upload") remember(file, upload.id);

    const arrived = new Map(upload.parts.map((p) => [p.number, p.size]));
    const inFlight = new Map<number, number>();
    const report = () => {
      let sent = 0;
      for (const size of arrived.values()) sent += size;
      for (const loaded of inFlight.values()) sent += loaded;
      options.onProgress(Math.min(sent, upload.size), upload.size);
    };
    report();
    const todo = Array.from({ length: upload.part_count }, (_, i) => i + 1).filter((n) => !arrived.has(n));
    const addresses = new Map<number, string>();
    const addressOf = async (n: number): Promise<string> => {
      const known = addresses.get(n);
      if (known) return known;
      const batch = [n, ...todo.slice(0, SIGN_AHEAD)].filter((x, i, all) => !addresses.has(x) && all.indexOf(x) === i);
      const signed = await call(signDirectUploadParts, { params: { id: upload.id }, body: { numbers: batch } });
      if (!signed.ok) {
        if (signed.status >= 400 && signed.status < 500) throw new Refused(detailOr(signed, INTERRUPTED));
        throw new Error("signing failed");
      }
      for (const [k, v] of Object.entries(signed.data.urls)) addresses.set(Number(k), v);
      return addresses.get(n)!;
    };
    /** Tries `step` until it works, waiting between tries; a refusal (4xx) or a cancel ends it at once. */
    const retried = async <T>(step: () => Promise<T>, onFailure: (error: unknown) => void = () => undefined): Promise<T> => {
      for (let attempt = 0; ; attempt++) {
        try {
          return await step();
        } catch (error) {
          onFailure(error);
          if (error instanceof Refused || canceled || attempt >= RETRY_DELAYS_MS.length) throw error;
          await wait(RETRY_DELAYS_MS[attempt]);
        }
      }
    };
    const sendPart = async (n: number) => {
      const start = (n - 1) * upload.part_bytes;
      const body = file.slice(start, Math.min(start + upload.part_bytes, upload.size));
      const etag = await retried(
        () => putPart(addresses.get(n) ?? "", body, (loaded) => (inFlight.set(n, loaded), report()), xhrs, () => addressOf(n)),
        (error) => {
          inFlight.delete(n);
          report();
          // 403: the address expired (a laptop asleep for hours); it is signed again.
          if (error instanceof Error && error.message === "403") addresses.delete(n);
        },
      );
      if (canceled) return;
      // The part is in the bucket: only its receipt is sent again until the server has it.
      await retried(async () => {
        const receipt = await call(recordDirectUploadPart, { params: { id: upload.id, number: String(n) }, body: { etag } });
        if (receipt.ok) return;
        if (receipt.status >= 400 && receipt.status < 500) throw new Refused(detailOr(receipt, INTERRUPTED));
        throw new Error("the receipt was not recorded");
      });
      inFlight.delete(n);
      arrived.set(n, body.size);
      report();
    };
    try {
      await Promise.all(
        Array.from({ length: PARTS_AT_ONCE }, async () => {
          for (let n = todo.shift(); n !== undefined; n = todo.shift()) await sendPart(n);
        }),
      );
    } catch (error) {
      if (canceled) return { ok: false, error: "Upload canceled." };
      return { ok: false, error: error instanceof Refused ? error.message : INTERRUPTED };
    }
    if (canceled) return { ok: false, error: "Upload canceled." };
    options.onStage("checking");
    const finished = await call(completeDirectUpload, { params: { id: upload.id } });
    if (finished.ok) {
      remember(file, null);
      return { ok: true, transcription: finished.data };
    }
    // A lost answer: the upload may have been accepted all the same.
    if (finished.status === 0 || finished.status === 404) return transcriptionById(upload.id);
    // 409: parts are missing; the server still holds the rest, so choosing the file again resumes.
    if (finished.status !== 409) remember(file, null);
    return { ok: false, error: detailOr(finished, INTERRUPTED) };
  };

  return {
    promise: run(),
    cancel: () => {
      canceled = true;
      for (const xhr of xhrs) xhr.abort();
      remember(file, null);
      if (uploadId) void call(discardUpload, { params: { id: uploadId } });
    },
  };
}
