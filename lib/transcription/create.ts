import { randomUUID } from "node:crypto";
import { mkdir, rm } from "node:fs/promises";
import path from "node:path";
import { entitlementsFor, secondsRemaining, type Entitlements } from "@/lib/billing/entitlements";
import { remainingSeconds, reserveSeconds } from "@/lib/billing/usage";
import type { Database } from "@/lib/db/client";
import { transcriptions, type Transcription } from "@/lib/db/schema";
import { DomainError } from "@/lib/errors/domain-error";
import { getSetting } from "@/lib/settings/settings";
import { ORIGINAL, TooLarge, audioKey, audioStore, incomingDir, removeAudio, saveStream } from "@/lib/storage/audio-store";
import { MAX_FILE_SECONDS, TooLong, inspectUpload } from "./audio";
import type { chooseEngine } from "./engines/registry";
import { offeredEngine } from "./offered-engine";
import { jobPriority, languageOptions, quotaMessage, tooLongMessage } from "./plan-limits";
import { enqueue } from "./queue";

export interface NewTranscription {
  userId: string;
  body: ReadableStream<Uint8Array> | null;
  declaredBytes: number | null;
  filename: string;
  contentType: string;
  /** null: detect */
  language: string | null;
  source: "upload" | "recording";
  /** the request's signal: a client that goes away stops the checks (and kills ffmpeg) */
  signal?: AbortSignal;
}

const MAX_FILENAME = 200;

/** The name as the user knows it; anything that is not a plain file name is refused. */
function checkedFilename(raw: string): string {
  const name = raw.normalize("NFC").trim();
  if (!name) throw new DomainError("invalid", "The file has no name.");
  if (name.length > MAX_FILENAME) throw new DomainError("invalid", `The file name is longer than ${MAX_FILENAME} characters.`);
  if (/[\/\\\u0000-\u001f\u007f]/.test(name) || name === "." || name === "..") {
    throw new DomainError("invalid", "The file name must be a plain name, without folders or control characters.");
  }
  return name;
}

function titleFromFilename(name: string): string {
  return name.replace(/\.[A-Za-z0-9]{1,5}$/, "").replace(/[_]+/g, " ").trim() || name;
}

export function checkLanguage(e: Entitlements, language: string | null, engine: Awaited<ReturnType<typeof chooseEngine>>["engine"]) {
  if (language === null) {
    if (engine && !engine.detectsLanguage) return languageOptions(e, engine)[0]?.code ?? null;
    return null;
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
 * Accepts an upload or recording: streamed to this host's disk (never held in memory),
 * checked by its headers, moved or uploaded to the audio store, the duration it claims
 * reserved against the plan atomically, then queued; a worker decodes it. Any refusal
 * leaves no row, no file and no stored object behind.
 */
export async function createTranscription(database: Database, input: NewTranscription): Promise<Transcription> {
  const filename = checkedFilename(input.filename);
  const [e, maxMb, choice] = await Promise.all([
    entitlementsFor(database, input.userId),
    getSetting(database, "max_upload_mb"),
    offeredEngine(database),
  ]);
  if (!choice.engine) throw new DomainError("unavailable", choice.reason ?? "No speech engine is configured.");
  const language = checkLanguage(e, input.language, choice.engine);
  const maxBytes = maxMb * 1024 * 1024;
  const tooLarge = `The file is larger than the ${maxMb} MB limit. Upload a smaller or shorter file.`;
  if (input.declaredBytes !== null && input.declaredBytes > maxBytes) throw new DomainError("too_large", tooLarge);
  if (!input.body || input.declaredBytes === 0) throw new DomainError("invalid", "The file is empty.");

  const contentType = input.contentType.slice(0, 100) || "application/octet-stream";
  const id = randomUUID();
  const key = audioKey(input.userId, id);
  const dir = incomingDir(id);
  await mkdir(dir, { recursive: true });
  let stored = false;
  try {
    let size: number;
    try {
      size = await saveStream(input.body, path.join(dir, ORIGINAL), maxBytes);
    } catch (error) {
      if (error instanceof TooLarge) throw new DomainError("too_large", tooLarge);
      throw new DomainError("invalid", "The upload was interrupted. Please try again.");
    }
    if (size === 0) throw new DomainError("invalid", "The file is empty.");
    // Only headers are read here: decoding is the worker's, so a large upload is answered
    // as soon as its bytes are stored. What the file claims is reserved now and settled
    // when a worker has decoded it.
    const allowance = secondsRemaining(e) ?? MAX_FILE_SECONDS;
    let claimedS: number | null;
    try {
      ({ claimedS } = await inspectUpload(path.join(dir, ORIGINAL), allowance + 0.5, input.signal));
    } catch (error) {
      if (input.signal?.aborted) throw new DomainError("invalid", "The upload was interrupted. Please try again.");
      if (error instanceof TooLong) throw new DomainError("forbidden", tooLongMessage(e, error.seconds, allowance));
      throw error;
    }
    // Billed to the nearest second, at least one.
    const seconds = Math.max(1, Math.round(claimedS ?? 0));
    // Stored before the job is queued, so whichever worker takes it finds the audio.
    stored = true;
    await audioStore().putFile(`${key}/${ORIGINAL}`, path.join(dir, ORIGINAL), contentType);
    return await database.transaction(async (tx) => {
      const reserved = await reserveSeconds(tx, input.userId, e.period.start, seconds, e.secondsPerPeriod);
      if (!reserved) {
        const left = await remainingSeconds(tx, input.userId, e.period.start, e.secondsPerPeriod);
        throw new DomainError("forbidden", quotaMessage(e, seconds, left ?? 0));
      }
      const [row] = await tx
        .insert(transcriptions)
        .values({
          id,
          userId: input.userId,
          title: titleFromFilename(filename),
          language,
          durationS: Math.round((claimedS ?? 0) * 100) / 100,
          audioReady: false,
          reservedSeconds: seconds,
          usagePeriodStart: e.period.start,
          audioKey: key,
          originalFilename: filename,
          contentType,
          sizeBytes: size,
          source: input.source,
        })
        .returning();
      await enqueue(tx, id, jobPriority(e));
      return row;
    });
  } catch (error) {
    if (stored) await removeAudio(key).catch((e: unknown) => console.error(`[storage] could not remove the refused upload ${key}:`, e));
    throw error;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
