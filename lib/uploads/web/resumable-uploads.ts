import { randomUUID } from "node:crypto";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { FileStore } from "@tus/file-store";
import { ERRORS, MemoryLocker, Server, type DataStore, type Locker, type Upload } from "@tus/server";
import type { Database } from "@/lib/db/client";
import type { User } from "@/lib/db/schema";
import { env } from "@/lib/env";
import type { Within } from "@/lib/access/visibility";
import { DomainError, isDomainError } from "@/lib/errors/domain-error";
import { findReadable, toApiTranscription } from "@/lib/transcription/queries";
import { acceptStoredUpload, admitUpload } from "@/lib/transcription/create";
import { UPLOAD_EXPIRY_MS } from "@/lib/api/contract/upload-parts";
import { closeStagedUpload, openStagedUpload } from "@/lib/transcription/open-uploads";
import { UPLOAD_ID, metadataOf, refuseUnsupportedExtensions, sweepExpiredUploads } from "@/lib/uploads/resumable";
import { STATUS_OF } from "@/lib/http/error-response";
import { log } from "@/lib/log/logger";
import { bucketMultipart, type BucketMultipart } from "@/lib/storage/bucket-multipart";
import { bucketConfig } from "@/lib/storage/audio-store";
import { acceptMultipart } from "@/lib/uploads/multipart-acceptance";
import { BucketTusStore, processSpoolDir } from "./bucket-tus-store";
import { LeaseLocker } from "./lease-locker";

/**
 * Resumable uploads (the tus protocol, https://tus.io): the browser sends a file in parts,
 * each acknowledged, and after a dropped connection or a reload asks where the server is
 * and sends only the rest. `@tus/server` speaks the protocol. Where the bytes go:
 * - audio in a bucket (S3_BUCKET): straight into one S3 multipart upload per file, its state
 *   in PostgreSQL (BucketTusStore, LeaseLocker), so any web host takes any request of any
 *   upload, and an upload outlives the host that started it — no sticky sessions;
 * - embedded (local disk): appended to one file in DATA_DIR/uploads (tus's FileStore).
 * Never held in memory. Its id is the id of
 * the transcription it becomes: when the last byte arrives the file is checked and queued
 * exactly like a whole-body upload, and the answer to that last part is the transcription.
 *
 * Who may touch an upload: only its owner (the id is 128 random bits, and the owner is
 * checked on every request besides: another user gets 404 as for any foreign resource).
 */
const ROUTE = "/api/uploads";

const NO_SUCH_UPLOAD = "There is no such upload.";

/** Uploads on local disk whose last part this process is accepting now (in a bucket, the claim is the row's). */
const finishing = new Set<string>();

const UPLOAD_BUSY = "Another request is sending this upload. Try again in a moment.";

const BEING_CHECKED = { status_code: 423, body: JSON.stringify({ detail: "This upload is being checked. Wait a moment." }) };

/** Where uploads are staged until their last byte: this host's disk, or the bucket (any host). */
type Staging = { kind: "disk"; directory: string; store: FileStore } | { kind: "bucket"; bucket: BucketMultipart; store: BucketTusStore };

/** The upload id of a tus address: the last segment of its path. */
function idFromPath(url: string): string | undefined {
  return new URL(url, "http://x").pathname.split("/").filter(Boolean).pop();
}

interface Caller {
  user: User;
  database: Database;
  space: string | null;
  /** the upload this request counted as open (a creation), to let go of if tus does not create it */
  opened?: string;
  /** the transcription this request's last bytes became (its answer) */
  finished?: string;
}

/** The signed-in user and the database of each request, for the hooks (tus hands them the same Request). */
const callers = new WeakMap<Request, Caller>();

function callerOf(req: Request): Caller {
  const caller = callers.get(req);
  if (!caller) throw { status_code: 401, body: JSON.stringify({ detail: "You are not logged in." }) };
  return caller;
}

function refusal(error: unknown): { status_code: number; body: string } {
  if (isDomainError(error)) return { status_code: STATUS_OF[error.kind], body: JSON.stringify({ detail: error.message }) };
  throw error;
}

function create(staging: Staging, database: Database): Server {
  // One request writes an upload at a time; a part sent again after a dropped connection
  // takes the lock from the stalled one (tus asks the holder to let go), on any host.
  const locker: Locker = staging.kind === "bucket" ? new LeaseLocker(database, (id) => staging.store.settled(id)) : new MemoryLocker();
  const datastore: DataStore = staging.store;
  return new Server({
    path: ROUTE,
    datastore,
    locker,
    relativeLocation: true,
    namingFunction: () => randomUUID(),
    // The id is the path's last segment, never anything in the query string (tus's own
    // reading takes the end of the whole URL, so `/api/uploads/mine?x=/theirs` would name
    // another upload than the one whose owner was checked).
    getFileIdFromRequest: (req) => idFromPath(req.url),
    // Finished uploads are gone the moment they are accepted; nothing to terminate.
    disableTerminationForFinishedUploads: true,
    async onUploadCreate(req, upload) {
      const caller = callerOf(req);
      const { user, database, space } = caller;
      try {
        if (upload.sizeIsDeferred || upload.size === undefined) {
          throw new DomainError("invalid", "Say the file's size (Upload-Length) when the upload starts.");
        }
        const meta = metadataOf(upload);
        await admitUpload(database, { userId: user.id, workspaceId: space, filename: meta.filename, language: meta.language, declaredBytes: upload.size, firstSeconds: meta.firstSeconds, speakers: meta.speakers, vocabulary: meta.vocabulary });
        // Counted under a lock of the user's row, with their other open uploads of every way in.
        await openStagedUpload(database, user.id, upload.id, "tus");
        caller.opened = upload.id;
        // The space it was started in is where it lands, whatever the session chooses meanwhile
        // (always written: a client's own `workspace` entry must never name one).
        return { metadata: { ...upload.metadata, owner: user.id, workspace: space ?? "" } };
      } catch (error) {
        throw refusal(error);
      }
    },
    async onUploadFinish(req, upload) {
      const caller = callerOf(req);
      const { user, database } = caller;
      if (upload.metadata?.owner !== user.id) throw { status_code: 404, body: JSON.stringify({ detail: NO_SUCH_UPLOAD }) };
      try {
        caller.finished = JSON.stringify(toApiTranscription(await finish(staging, database, upload)));
        return { status_code: 200, headers: { "content-type": "application/json" }, body: caller.finished };
      } catch (error) {
        throw refusal(error);
      } finally {
        await closeStagedUpload(database, upload.id);
      }
    },
    onResponseError(_req, error) {
      // Another request held the upload for tus's 30 s (a part still arriving on another host): busy, not broken.
      if (error === ERRORS.ERR_LOCK_TIMEOUT) return { status_code: 423, body: JSON.stringify({ detail: UPLOAD_BUSY }) };
      // A bug, not a refusal: logged here, and the client gets a sentence, not our internals.
      if (!("status_code" in error) || error.status_code >= 500) {
        log().error({ err: error }, "a resumable upload request failed");
        return { status_code: 500, body: JSON.stringify({ detail: "The upload could not be stored. Please try again." }) };
      }
      return undefined;
    },
  });
}

/**
 * Every byte is here: the upload is checked and queued, once. tus lets go of its lock before
 * this runs, so a second "last part" (on any host) must not accept it twice. Accepted or
 * refused, the upload is over; a client that asks about it again is told by `finishedAnswer`.
 */
async function finish(staging: Staging, database: Database, upload: Upload) {
  const meta = metadataOf(upload);
  const workspaceId = upload.metadata?.workspace || null;
  const userId = upload.metadata!.owner!;
  if (staging.kind === "bucket") {
    const claimed = await staging.store.claimFinished(upload.id);
    if (!claimed) throw BEING_CHECKED;
    const { row, parts } = claimed;
    const about = { filename: meta.filename, contentType: meta.contentType, language: meta.language, source: meta.source, firstSeconds: meta.firstSeconds, speakers: meta.speakers, vocabulary: meta.vocabulary };
    try {
      return await acceptMultipart(database, staging.bucket, { id: row.id, userId, workspaceId, objectKey: row.objectKey, bucketUploadId: row.bucketUploadId, sizeBytes: row.sizeBytes, ...about }, parts);
    } finally {
      await staging.store.forget(row.id);
    }
  }
  if (finishing.has(upload.id)) throw BEING_CHECKED;
  finishing.add(upload.id);
  try {
    const admission = await admitUpload(database, { userId, workspaceId, filename: meta.filename, language: meta.language, declaredBytes: upload.size ?? null, firstSeconds: meta.firstSeconds, speakers: meta.speakers, vocabulary: meta.vocabulary });
    return await acceptStoredUpload(database, admission, {
      id: upload.id,
      file: path.join(staging.directory, upload.id),
      size: upload.offset,
      contentType: meta.contentType,
      source: meta.source,
      // Not the request's signal: every byte is here, so a client that goes away now
      // (its answer is found again by the upload's id) must not lose the upload.
    });
  } finally {
    const { store } = staging;
    await store.remove(upload.id).catch(() => store.configstore.delete(upload.id)).catch(() => undefined);
    finishing.delete(upload.id);
  }
}

interface Uploads {
  /** what it was built for: DATA_DIR and the bucket (tests change them) */
  config: string;
  database: Database;
  server: Server;
  staging: Staging;
  sweeper: NodeJS.Timeout;
}

const SWEEP_EVERY_MS = 60 * 60 * 1000;

// One server per process (and per configuration, as tests change it); on globalThis because
// each Next.js bundle would otherwise build its own.
const holder = globalThis as { verbatimUploads?: Uploads };

function stagingFor(directory: string, database: Database): Staging {
  const bucket = bucketMultipart();
  if (!bucket) return { kind: "disk", directory, store: new FileStore({ directory, expirationPeriodInMilliseconds: UPLOAD_EXPIRY_MS }) };
  const spoolRoot = path.join(directory, "spool");
  mkdirSync(spoolRoot, { recursive: true });
  return { kind: "bucket", bucket, store: new BucketTusStore(database, bucket, processSpoolDir(spoolRoot)) };
}

function uploads(database: Database): Uploads {
  const directory = path.resolve(env().DATA_DIR, "uploads");
  const config = JSON.stringify([directory, bucketConfig()]);
  if (holder.verbatimUploads?.config !== config || holder.verbatimUploads.database !== database) {
    if (holder.verbatimUploads) clearInterval(holder.verbatimUploads.sweeper);
    const staging = stagingFor(directory, database);
    const server = create(staging, database);
    // Every host sweeps; in a bucket each expired upload is claimed by one of them.
    const sweep = () =>
      void (staging.kind === "bucket" ? staging.store.sweepExpired() : sweepExpiredUploads(staging.store)).catch((error: unknown) =>
        log().error({ err: error }, "the sweep of expired resumable uploads failed"),
      );
    const sweeper = setInterval(sweep, SWEEP_EVERY_MS);
    sweeper.unref();
    sweep();
    holder.verbatimUploads = { config, database, server, staging, sweeper };
  }
  return holder.verbatimUploads;
}

/**
 * One tus request of a signed-in user: an upload that is not theirs (or no longer exists)
 * answers 404, before tus reads a byte of the body. With an API key (`within`), so does one
 * started in another space than the key's: a key reaches only its own space's uploads.
 */
export async function handleUploadRequest(
  database: Database,
  request: Request,
  user: User,
  space: string | null,
  id: string | undefined,
  within?: Within,
): Promise<Response> {
  refuseUnsupportedExtensions(request.headers);
  const { server, staging } = uploads(database);
  const { store } = staging;
  if (id !== undefined) {
    if (!UPLOAD_ID.test(id)) throw new DomainError("not_found", NO_SUCH_UPLOAD);
    const upload: Upload | null = await store.getUpload(id).catch(() => null);
    if (!upload && request.method === "HEAD") {
      const finished = await finishedAnswer(database, user, id, within);
      if (finished) return finished;
    }
    const startedIn = upload?.metadata?.workspace || null;
    if (!upload || upload.metadata?.owner !== user.id || (within && startedIn !== within.space)) throw new DomainError("not_found", NO_SUCH_UPLOAD);
  } else if (request.method !== "POST" && request.method !== "OPTIONS") {
    throw new DomainError("not_found", NO_SUCH_UPLOAD);
  }
  const caller: Caller = { user, database, space };
  callers.set(request, caller);
  const response = await server.handleWeb(request);
  // Counted as open by its creation but not created (the store failed), or canceled: no longer open.
  const over = caller.opened !== undefined && response.status !== 201 ? caller.opened : request.method === "DELETE" && response.status === 204 ? id : undefined;
  if (over) await closeStagedUpload(database, over);
  // A creation that carried the whole file: tus looks the upload up again after it became a
  // transcription, finds nothing and answers 404; the answer is the transcription.
  if (caller.finished && request.method === "POST" && response.status === 404) {
    return new Response(caller.finished, { status: 200, headers: { "content-type": "application/json", "tus-resumable": "1.0.0", "upload-offset": request.headers.get("upload-length") ?? "0" } });
  }
  return asJsonRefusal(response);
}

/**
 * An upload that already became the caller's transcription, asked about again (the answer to
 * its last part was lost): it is complete, so the client does not send the file a second
 * time, and finds the transcription by the upload's id.
 */
async function finishedAnswer(database: Database, user: User, id: string, within?: Within): Promise<Response | null> {
  const t = await findReadable(database, user.id, id, within);
  if (!t) return null;
  const length = String(t.sizeBytes);
  return new Response(null, { status: 200, headers: { "Tus-Resumable": "1.0.0", "Upload-Offset": length, "Upload-Length": length, "Cache-Control": "no-store" } });
}

/**
 * tus answers some refusals before any hook runs, in plain text ("Invalid upload-metadata");
 * every refusal of ours is `{detail}` JSON, so those are too.
 */
async function asJsonRefusal(response: Response): Promise<Response> {
  if (response.status < 400 || response.headers.get("content-type")?.includes("json")) return response;
  const text = (await response.text()).trim();
  const sentence = text ? `${text[0].toUpperCase()}${text.slice(1).replace(/\.?$/, ".")}` : "The upload request was refused.";
  const headers = new Headers(response.headers);
  headers.set("content-type", "application/json");
  headers.delete("content-length");
  return new Response(text.startsWith("{") ? text : JSON.stringify({ detail: sentence }), { status: response.status, headers });
}
