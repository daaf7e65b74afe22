import { randomUUID } from "node:crypto";
import { mkdir, rm } from "node:fs/promises";
import path from "node:path";
import { entitlementsFor, secondsRemaining, type Entitlements } from "@/lib/billing/entitlements";
import { payerOf } from "@/lib/billing/payer";
import { requireRole } from "@/lib/access/roles";
import { remainingSeconds, reserveSeconds } from "@/lib/billing/usage";
import type { Database } from "@/lib/db/client";
import { transcriptions, type Transcription } from "@/lib/db/schema";
import { DomainError } from "@/lib/errors/domain-error";
import { getSetting } from "@/lib/settings/settings";
import { oneLine } from "@/lib/text/one-line";
import { ORIGINAL, TooLarge, audioKey, audioStore, incomingDir, removeAudio, saveStream } from "@/lib/storage/audio-store";
import { MAX_FILE_SECONDS, TooLong, inspectUpload, type MediaSource } from "./audio";
import type { chooseEngine } from "./engines/registry";
import { noTimeLeftSentence, tooLargeSentence } from "./limit-sentences";
import { ENGINE_UNAVAILABLE } from "./engines/labels";
import { offeredEngine } from "./offered-engine";
import { jobPriority, languageOptions, quotaMessage, tooLongMessage } from "./plan-limits";
import { queueTranscription } from "./transcribe-queue";
import { closeStagedUpload, openStagedUpload } from "./open-uploads";
import { secondsBytesCanHold } from "./bitrate-floors";
import { log } from "@/lib/log/logger";
import { MAX_SPEAKERS } from "@/lib/api/contract/uploads";
import { LANGUAGE_CODE } from "@/lib/api/contract/transcription";
import { checkedUploadTerms } from "@/lib/vocabulary/shape";
import { wordRulesFor } from "@/lib/vocabulary/snapshot";

export interface NewTranscription {
  userId: string;
  /** the workspace to create it in (null or left out: the uploader's personal space); the caller has checked the user may add to it */
  workspaceId?: string | null;
  body: ReadableStream<Uint8Array> | null;
  declaredBytes: number | null;
  filename: string;
  contentType: string;
  /** null: detect */
  language: string | null;
  source: "upload" | "recording";
  /** transcribe only the first this many seconds (what fits the plan); null: all of it */
  firstSeconds?: number | null;
  /** how many people speak; null: detect */
  speakers?: number | null;
  /** terms for this upload alone, besides its space's vocabulary */
  vocabulary?: readonly string[];
  /** the request's signal: a client that goes away stops the checks (and kills ffmpeg) */
  signal?: AbortSignal;
}

const MAX_FILENAME = 200;

/**
 * The name as the user knows it, kept on one line without control or bidirectional
 * characters (lib/text/one-line: it becomes the title); a name with folders is refused.
 */
function checkedFilename(raw: string): string {
  const name = oneLine(raw.normalize("NFC"));
  if (!name) throw new DomainError("invalid", "The file has no name. Send its name with its extension, such as interview.mp3.");
  if (name.length > MAX_FILENAME) throw new DomainError("invalid", `The file name is longer than ${MAX_FILENAME} characters.`);
  if (/[\/\\]/.test(name) || name === "." || name === "..") {
    throw new DomainError("invalid", "The file name must be a plain name, without folders.");
  }
  return name;
}

function titleFromFilename(name: string): string {
  return name.replace(/\.[A-Za-z0-9]{1,5}$/, "").replace(/[_]+/g, " ").trim() || name;
}

/** ISO 639 codes, with a region or script after a hyphen ("pt-BR", "zh-Hant"). */
const languageNames = new Intl.DisplayNames(["en"], { type: "language", fallback: "none" });

/** Whether `code` names a language at all (then a refusal is about the plan or the engine, not a typo). */
export function isLanguageCode(code: string): boolean {
  if (!LANGUAGE_CODE.test(code)) return false;
  try {
    return languageNames.of(code) !== undefined;
  } catch {
    return false;
  }
}

export function checkLanguage(e: Entitlements, language: string | null, engine: Awaited<ReturnType<typeof chooseEngine>>["engine"]) {
  if (language === null) {
    if (engine && !engine.detectsLanguage) return languageOptions(e, engine)[0]?.code ?? null;
    return null;
  }
  // The catalogue's own codes count whatever Intl says (whisper's "jw" for Javanese, say).
  if (!Object.hasOwn(e.languages, language) && !isLanguageCode(language)) {
    const sample = JSON.stringify(language.slice(0, 40));
    throw new DomainError("invalid", `${sample} is not a language code. Use a code such as "en" (English) or "de" (German); GET /api/transcription/options lists the languages your plan includes.`);
  }
  const allowed = languageOptions(e, engine).some((o) => o.code === language);
  if (!allowed) {
    const onPlan = Object.hasOwn(e.languages, language);
    throw new DomainError(
      onPlan ? "unprocessable" : "forbidden",
      onPlan
        ? `The speech engine here cannot transcribe "${e.languages[language]}".`
        : `Your ${e.planName} plan does not include this language. Upgrade for more languages.`,
    );
  }
  return language;
}

/**
 * The type an upload is stored with, as its client said it: a plain `type/subtype` (the
 * content decides what it is; this only goes back to the player), else a neutral one. Never
 * parameters, spaces or line breaks, which headers and the database would choke on.
 */
export function storedContentType(raw: string): string {
  const type = raw.split(";")[0].trim().toLowerCase();
  return /^[a-z0-9][\w.+-]{0,60}\/[\w.+-]{1,60}$/.test(type) ? type : "application/octet-stream";
}

/** What an upload may be, decided before a byte of it is stored. */
export interface Admission {
  userId: string;
  /** null: the uploader's personal space */
  workspaceId: string | null;
  /** whose plan and hours pay for it: the workspace's owner, else the uploader (lib/billing/payer.ts) */
  payerId: string;
  filename: string;
  /** null: detect */
  language: string | null;
  /** the payer's */
  entitlements: Entitlements;
  maxBytes: number;
  /** the sentence of a file over the operator's size limit */
  tooLarge: string;
  /** only the first this many seconds are transcribed and charged; null: all of it */
  firstSeconds: number | null;
  /** how many speakers the user said there are (1: no speaker detection); null: detect */
  speakers: number | null;
  /** terms for this upload alone, checked (lib/vocabulary/shape.ts) */
  vocabulary: string[];
}

/** "Transcribe only the first N seconds": a whole number of seconds, at least one, at most one file's longest. */
function checkedFirstSeconds(value: number | null): number | null {
  if (value === null) return null;
  if (!Number.isInteger(value) || value < 1 || value > MAX_FILE_SECONDS) {
    throw new DomainError("invalid", `The part to transcribe must be a whole number of seconds from 1 to ${MAX_FILE_SECONDS}.`);
  }
  return value;
}

/** "How many speakers": a whole number from 1 to MAX_SPEAKERS, or none (detect). */
function checkedSpeakers(value: number | null): number | null {
  if (value === null) return null;
  if (!Number.isInteger(value) || value < 1 || value > MAX_SPEAKERS) {
    throw new DomainError("invalid", `The number of speakers must be a whole number from 1 to ${MAX_SPEAKERS}, or left out to detect it.`);
  }
  return value;
}

/**
 * The checks an upload passes before its bytes are stored: a plain file name, an engine, a
 * language of the plan, and a size the client declares within the operator's
 * `max_upload_mb`. Asked when an upload starts and again when it ends (a resumable upload
 * may end a day later, after the plan or the setting changed).
 */
export async function admitUpload(
  database: Database,
  input: {
    userId: string;
    workspaceId?: string | null;
    filename: string;
    language: string | null;
    declaredBytes: number | null;
    firstSeconds?: number | null;
    speakers?: number | null;
    vocabulary?: readonly string[];
  },
): Promise<Admission> {
  const filename = checkedFilename(input.filename);
  const vocabulary = checkedUploadTerms(input.vocabulary);
  const firstSeconds = checkedFirstSeconds(input.firstSeconds ?? null);
  const speakers = checkedSpeakers(input.speakers ?? null);
  const workspaceId = input.workspaceId ?? null;
  // Adding to a workspace needs a role above viewer, checked again when the upload is accepted.
  if (workspaceId) await requireRole(database, input.userId, workspaceId, "member");
  // In a workspace its owner's plan decides the languages and the hours, which the whole workspace shares.
  const payerId = await payerOf(database, { userId: input.userId, workspaceId });
  const [e, maxMb, choice] = await Promise.all([
    entitlementsFor(database, payerId),
    getSetting(database, "max_upload_mb"),
    offeredEngine(database),
  ]);
  if (!choice.engine) throw new DomainError("unavailable", ENGINE_UNAVAILABLE);
  const language = checkLanguage(e, input.language, choice.engine);
  const maxBytes = maxMb * 1024 * 1024;
  const tooLarge = tooLargeSentence(maxMb);
  if (input.declaredBytes !== null && input.declaredBytes > maxBytes) throw new DomainError("too_large", tooLarge);
  if (input.declaredBytes === 0) throw new DomainError("invalid", "The file is empty.");
  // Nothing could be transcribed: refused before a byte is stored (and before it fills a disk).
  const left = secondsRemaining(e);
  if (left !== null && left < 1) throw new DomainError("forbidden", noTimeLeftSentence(e.planName));
  return { userId: input.userId, workspaceId, payerId, filename, language, entitlements: e, maxBytes, tooLarge, firstSeconds, speakers, vocabulary };
}

export interface StoredUpload {
  /** the transcription's id (a resumable upload's own id) */
  id: string;
  /**
   * Where the whole file is: on this host's disk (a path: moved or copied into the audio
   * store), or already the original in the bucket (sent there directly; read by ranges).
   */
  file: string | MediaSource;
  size: number;
  contentType: string;
  source: "upload" | "recording";
  /** the request's signal: a client that goes away stops the checks (and kills ffprobe) */
  signal?: AbortSignal;
}

/**
 * Turns a whole uploaded file into a queued transcription: checked by its headers, put into
 * the audio store (unless it went straight there), the duration it claims reserved against
 * the plan atomically, then queued; a worker decodes it. Any refusal leaves no row and no
 * stored object behind (a local file stays the caller's).
 */
export async function acceptStoredUpload(database: Database, admission: Admission, upload: StoredUpload): Promise<Transcription> {
  const { entitlements: e, userId, payerId } = admission;
  if (upload.size === 0) throw new DomainError("invalid", "The file is empty.");
  if (upload.size > admission.maxBytes) throw new DomainError("too_large", admission.tooLarge);
  // Only headers are read here: decoding is the worker's, so a large upload is answered
  // as soon as its bytes are stored. What the file claims (at most what its bytes can hold)
  // is reserved now and settled when a worker has decoded it.
  const allowance = secondsRemaining(e) ?? MAX_FILE_SECONDS;
  const first = admission.firstSeconds;
  if (first !== null && first > allowance + 0.5) throw new DomainError("forbidden", tooLongMessage(e, first, allowance));
  let claimedS: number | null;
  let codec: string;
  try {
    // A file cut to its first seconds may be as long as it likes: only the cut is decoded and charged.
    ({ claimedS, probe: { audioCodec: codec } } = await inspectUpload(upload.file, first === null ? allowance + 0.5 : MAX_FILE_SECONDS, upload.signal));
  } catch (error) {
    if (upload.signal?.aborted) throw new DomainError("invalid", "The upload was interrupted. Please try again.");
    if (error instanceof TooLong) throw new DomainError("forbidden", tooLongMessage(e, error.seconds, allowance));
    throw error;
  }
  // A file that does not say its length claims nothing, cut or not: the worker settles what it decodes.
  if (first !== null && claimedS !== null) claimedS = Math.min(claimedS, first);
  // Billed to the nearest second, at least one; never more than the bytes can hold, whatever
  // the header says (the worker settles the real length, or fails a file whose claim was false).
  const seconds = Math.max(1, Math.round(Math.min(claimedS ?? 0, secondsBytesCanHold(codec, upload.size))));
  const contentType = storedContentType(upload.contentType);
  const key = audioKey(userId, upload.id);
  let stored = typeof upload.file !== "string";
  try {
    // Stored before the job is queued, so whichever worker takes it finds the audio.
    if (typeof upload.file === "string") {
      stored = true;
      await audioStore().putFile(`${key}/${ORIGINAL}`, upload.file, contentType);
    }
    return await database.transaction(async (tx) => {
      const reserved = await reserveSeconds(tx, payerId, e.period.start, seconds, e.secondsPerPeriod);
      if (!reserved) {
        const left = await remainingSeconds(tx, payerId, e.period.start, e.secondsPerPeriod);
        throw new DomainError("forbidden", quotaMessage(e, seconds, left ?? 0));
      }
      const rules = await wordRulesFor(tx, userId, admission.workspaceId, admission.vocabulary);
      const [row] = await tx
        .insert(transcriptions)
        .values({
          id: upload.id,
          userId,
          workspaceId: admission.workspaceId,
          // Written down: a refund goes back to whoever paid, wherever the transcription moves.
          billedUserId: payerId,
          title: titleFromFilename(admission.filename),
          language: admission.language,
          durationS: Math.round((claimedS ?? 0) * 100) / 100,
          audioReady: false,
          reservedSeconds: seconds,
          firstSeconds: first,
          speakersExpected: admission.speakers,
          vocabulary: rules.vocabulary,
          replacements: rules.replacements,
          usagePeriodStart: e.period.start,
          audioKey: key,
          originalFilename: admission.filename,
          contentType,
          sizeBytes: upload.size,
          source: upload.source,
        })
        .returning();
      await queueTranscription(tx, upload.id, jobPriority(e), payerId);
      return row;
    });
  } catch (error) {
    if (stored) await removeAudio(key).catch((e: unknown) => log().error({ err: e, key }, "could not remove the audio of a refused upload"));
    throw error;
  }
}

/**
 * Accepts an upload sent whole as one request body (the API's `POST /api/transcriptions`):
 * streamed to this host's disk (never held in memory), stopped as soon as it passes the size
 * limit, then accepted as any stored upload. The browser uses the resumable uploads instead.
 */
export async function createTranscription(database: Database, input: NewTranscription): Promise<Transcription> {
  const admission = await admitUpload(database, input);
  if (!input.body) throw new DomainError("invalid", "The file is empty.");
  const id = randomUUID();
  // Its body may fill up to max_upload_mb of this host's disk: it counts as an open upload while it arrives.
  await openStagedUpload(database, input.userId, id, "raw");
  const dir = incomingDir(id);
  try {
    await mkdir(dir, { recursive: true });
    const file = path.join(dir, ORIGINAL);
    let size: number;
    try {
      size = await saveStream(input.body, file, admission.maxBytes);
    } catch (error) {
      if (error instanceof TooLarge) throw new DomainError("too_large", admission.tooLarge);
      throw new DomainError("invalid", "The upload was interrupted. Please try again.");
    }
    if (input.declaredBytes !== null && size !== input.declaredBytes) {
      throw new DomainError("invalid", "The upload was interrupted. Please try again.");
    }
    return await acceptStoredUpload(database, admission, { id, file, size, contentType: input.contentType, source: input.source, signal: input.signal });
  } finally {
    await rm(dir, { recursive: true, force: true });
    await closeStagedUpload(database, id);
  }
}
