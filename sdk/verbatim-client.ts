/**
 * The typed client for scripts (Node 20+): the endpoint values the app's own pages call
 * (lib/api/endpoints), sent to a server's address with an API key instead of the page's
 * cookies, every answer checked against the same contract. Uploads go through tus, so a file
 * cut off by a dropped connection, or by the script being stopped, resumes where it stopped
 * the next time the same file is uploaded. The `verbatim` command line (sdk/cli.ts) is built
 * on it; /docs/api and the README show both.
 */
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import path from "node:path";
import * as tus from "tus-js-client";
import { apiDownload, callVia, urlOf, type AnswerOf, type ApiFailure, type ApiTransport, type CallInput, type JsonEndpoint, type Rest } from "@/lib/api/client";
import { createHash } from "node:crypto";
import { ApiTranscription } from "@/lib/api/contract/transcription";
import { partBytesFor } from "@/lib/api/contract/upload-parts";
import { exportTranscription, getTranscription, listTranscriptions } from "@/lib/api/endpoints/transcription";
import { createResumableUpload } from "@/lib/api/endpoints/uploads";
import { verifyWebhookSignature } from "@/lib/webhooks/signature";
import { uploadsRememberedIn, type RememberedUploads } from "./upload-memory";

export { verifyWebhookSignature };

/** A transcription with its segments, as `GET /api/transcriptions/{id}` answers. */
export type TranscriptionDetail = AnswerOf<typeof getTranscription>;

/** A refusal or a failure, with the server's own sentence as its message; `status` 0: no answer came. */
export class VerbatimError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly body: Record<string, unknown> | null = null,
  ) {
    super(message);
    this.name = "VerbatimError";
  }
}


export interface VerbatimOptions {
  /** the server's address, such as https://verbatim.example.com */
  url: string;
  /** an API key from the Developers page (`vbt_…`) */
  apiKey: string;
  /** where unfinished uploads are remembered so they resume after a restart; default ~/.config/verbatim/uploads.json */
  uploadMemory?: string;
}

export interface UploadOptions {
  /** the spoken language's code ("en"); left out, the engine detects it */
  language?: string;
  /** how many people speak, 1–10 */
  speakers?: number;
  /** the name the transcription is titled by; the file's own by default */
  filename?: string;
  onProgress?: (sentBytes: number, totalBytes: number) => void;
  /** stops the upload; what arrived stays on the server, and the same file uploaded again resumes from it */
  signal?: AbortSignal;
}

export interface WaitOptions {
  /** between two looks at the status (default 3 s: 20 requests a minute, well inside a key's 120) */
  intervalMs?: number;
  /** give up after this long (default: six hours) */
  timeoutMs?: number;
  onStatus?: (transcription: TranscriptionDetail) => void;
  signal?: AbortSignal;
}

export interface ExportOptions {
  timestamps?: boolean;
  version?: "raw" | "formatted";
  /** an IANA time zone for the dates printed in documents */
  tz?: string;
}

/** Statuses after which nothing more happens to a transcription. */
const ENDED = new Set(["done", "failed", "canceled"]);
/** Tries of a part after a drop before the upload gives up (then the next run resumes it). */
const RETRY_DELAYS_MS = [0, 1000, 3000, 5000, 10_000, 20_000, 30_000, 60_000];

const STOPPED = "Stopped.";

/** Waits, unless the signal stops it first (its listener removed either way: a long poll adds none per turn). */
const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(new VerbatimError(STOPPED, 0));
    const stop = () => (clearTimeout(timer), reject(new VerbatimError(STOPPED, 0)));
    const timer = setTimeout(() => (signal?.removeEventListener("abort", stop), resolve()), ms);
    signal?.addEventListener("abort", stop, { once: true });
  });

export class Verbatim {
  private readonly transport: ApiTransport;
  private readonly uploads: RememberedUploads;
  /** which key an upload was started with (never the key itself): another key starts its own */
  private readonly keyHash: string;

  constructor(options: VerbatimOptions) {
    let base: URL;
    try {
      base = new URL(options.url);
    } catch {
      throw new VerbatimError(`"${options.url}" is not a server address. Give one such as https://verbatim.example.com.`, 0);
    }
    if (base.protocol !== "https:" && base.protocol !== "http:") throw new VerbatimError(`"${options.url}" is not an http(s) address.`, 0);
    if (!options.apiKey) throw new VerbatimError("An API key is needed: make one on the Developers page.", 0);
    this.transport = { base: base.origin + base.pathname.replace(/\/+$/, ""), headers: { authorization: `Bearer ${options.apiKey}` } };
    this.uploads = uploadsRememberedIn(options.uploadMemory);
    this.keyHash = createHash("sha256").update(options.apiKey).digest("hex").slice(0, 16);
  }

  /** A failed call as a VerbatimError: the server's sentence, or that it could not be reached. */
  private failure(failure: ApiFailure): VerbatimError {
    if (failure.status === 0) return new VerbatimError(`Could not reach the server at ${this.transport.base} (${failure.text}). Check the address and your connection.`, 0);
    return new VerbatimError(failure.text || `The server answered with status ${failure.status}.`, failure.status, failure.body);
  }

  /** Any JSON operation of the API, typed by its endpoint (lib/api/endpoints): its answer, or a VerbatimError. */
  async call<E extends JsonEndpoint>(endpoint: E, ...[input]: Rest<CallInput<E>>): Promise<AnswerOf<E>> {
    const result = await callVia(this.transport, endpoint, ...([input] as Rest<CallInput<E>>));
    if (!result.ok) throw this.failure(result);
    return result.data;
  }

  transcription(id: string): Promise<TranscriptionDetail> {
    return this.call(getTranscription, { params: { id } });
  }

  /** The transcriptions the key's space holds, newest first; `q` searches titles and transcripts. */
  async list(query: { q?: string } = {}) {
    return (await this.call(listTranscriptions, { query })).transcriptions;
  }

  /**
   * Uploads a file through tus: sent in parts, each retried after a drop; an upload of the same
   * file stopped earlier (this process killed, the network gone too long) resumes from what
   * arrived. Resolves with the new transcription, queued.
   */
  async upload(file: string, options: UploadOptions = {}): Promise<ApiTranscription> {
    const size = (await stat(file).catch(() => null))?.size;
    if (size === undefined) throw new VerbatimError(`There is no file at ${file}.`, 0);
    const metadata: Record<string, string> = { filename: options.filename ?? path.basename(file), filetype: "application/octet-stream" };
    if (options.language) metadata.language = options.language;
    if (options.speakers) metadata.speakers = String(options.speakers);
    const endpoint = `${this.transport.base}${urlOf(createResumableUpload)}`;
    const upload = new tus.Upload(createReadStream(file) as unknown as Buffer, {
      endpoint,
      headers: this.transport.headers,
      chunkSize: partBytesFor(size),
      uploadSize: size,
      metadata,
      retryDelays: RETRY_DELAYS_MS,
      urlStorage: this.uploads,
      fingerprint: async () => fingerprintOf(file, endpoint, this.keyHash, metadata),
      onProgress: options.onProgress,
    });
    // Resumed only from this server, with this key and these settings: an upload remembered for
    // another (or a tampered memory file) is started afresh, never sent the key elsewhere.
    const previous = (await upload.findPreviousUploads()).find((p) => p.uploadUrl && new URL(p.uploadUrl, endpoint).origin === new URL(endpoint).origin);
    if (previous) upload.resumeFromPreviousUpload(previous);
    const stopped = new VerbatimError("The upload was stopped. Upload the same file again to resume it.", 0);
    if (options.signal?.aborted) throw stopped;
    let stop = () => {};
    const body = await new Promise<string>((resolve, reject) => {
      stop = () => {
        void upload.abort();
        reject(stopped);
      };
      options.signal?.addEventListener("abort", stop, { once: true });
      upload.options.onSuccess = ({ lastResponse }) => resolve(lastResponse.getBody() ?? "");
      upload.options.onError = (error) => reject(uploadFailure(error));
      upload.start();
    }).finally(() => options.signal?.removeEventListener("abort", stop));
    // Forgotten once finished (tus' own removal is not awaited: a run ending at once would keep it).
    await this.uploads.forget(upload.url);
    return this.transcriptionOf(upload.url, body);
  }

  /** The transcription an upload became: the last part's answer, or (it was finished already) asked for by its id. */
  private async transcriptionOf(uploadUrl: string | null, body: string): Promise<ApiTranscription> {
    try {
      const parsed = ApiTranscription.safeParse(JSON.parse(body));
      if (parsed.success) return parsed.data;
    } catch {
      // An upload found complete at once answers its HEAD, without a body.
    }
    return this.transcription(uploadUrl?.split("/").pop() ?? "");
  }

  /** Polls until the transcription is done; a failed or canceled one is a VerbatimError with its reason. */
  async waitUntilDone(id: string, options: WaitOptions = {}): Promise<TranscriptionDetail> {
    const { intervalMs = 3000, timeoutMs = 6 * 3600_000, onStatus, signal } = options;
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (signal?.aborted) throw new VerbatimError(STOPPED, 0);
      const current = await this.transcription(id).catch(async (error: unknown) => {
        // Past the key's minute budget (or a network blip): wait and look again.
        if (error instanceof VerbatimError && (error.status === 429 || error.status === 0 || error.status >= 502)) return null;
        throw error;
      });
      if (current) {
        onStatus?.(current);
        if (current.status === "done") return current;
        if (ENDED.has(current.status)) throw new VerbatimError(current.error ?? `The transcription was ${current.status}.`, 0, { transcription: current });
      }
      if (Date.now() + intervalMs > deadline) throw new VerbatimError(`The transcription was not done after ${Math.round(timeoutMs / 1000)} seconds.`, 0);
      await sleep(intervalMs, signal);
    }
  }

  /** The transcript as a file: its bytes and the name the server gives it. */
  async export(id: string, format: string, options: ExportOptions = {}): Promise<{ filename: string; bytes: Buffer }> {
    const query = { format, timestamps: options.timestamps ? "1" : undefined, version: options.version, tz: options.tz };
    const result = await apiDownload(urlOf(exportTranscription, { params: { id }, query }), this.transport);
    if (!result.ok) throw this.failure(result);
    const disposition = result.response.headers.get("content-disposition") ?? "";
    const named = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
    const plain = /filename="([^"]+)"/i.exec(disposition)?.[1] ?? `transcript.${format}`;
    let filename = plain;
    try {
      if (named) filename = decodeURIComponent(named);
    } catch {
      // A name that is not valid percent-encoding: the plain one serves.
    }
    return { filename, bytes: Buffer.from(await result.response.arrayBuffer()) };
  }
}

/** A tus failure as the server worded it (`{detail}`), else what the network said. */
function uploadFailure(error: Error): VerbatimError {
  const response = (error as tus.DetailedError).originalResponse;
  if (!response) return new VerbatimError(`The upload was interrupted: ${error.message}`, 0);
  let detail = "";
  try {
    detail = (JSON.parse(response.getBody()) as { detail?: string }).detail ?? "";
  } catch {
    detail = response.getBody();
  }
  return new VerbatimError(detail || `The server answered the upload with status ${response.getStatus()}.`, response.getStatus());
}

/** The file (its path, size and time), the server, the key and the settings: what an upload may be resumed under. */
async function fingerprintOf(file: string, endpoint: string, keyHash: string, metadata: Record<string, string>): Promise<string> {
  const { size, mtimeMs } = await stat(file);
  const settings = createHash("sha256").update(JSON.stringify(metadata)).digest("hex").slice(0, 16);
  return ["verbatim", path.resolve(file), size, Math.round(mtimeMs), endpoint, keyHash, settings].join("|");
}
