import { copyFile } from "node:fs/promises";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { entitlementsFor, secondsRemaining } from "@/lib/billing/entitlements";
import { billedUserOf } from "@/lib/billing/payer";
import { refundSeconds, remainingSeconds, reserveSeconds } from "@/lib/billing/usage";
import type { Database } from "@/lib/db/client";
import { transcriptions, type Transcription } from "@/lib/db/schema";
import { DomainError } from "@/lib/errors/domain-error";
import { NORMALISED, ORIGINAL, audioStore } from "@/lib/storage/audio-store";
import { MAX_FILE_SECONDS, TooLong, normaliseUpload } from "./audio";
import { PermanentEngineError } from "./engines/types";
import { quotaMessage, tooLongMessage } from "./plan-limits";
import { assembleRecording, hasLiveAudio } from "@/lib/recordings/store/assemble";

/**
 * The worker's first step on an accepted upload: the original from the store, decoded to
 * the 16 kHz mono WAV the engines hear and the player plays, stored beside it. The seconds
 * reserved for what the file claimed are settled against its real length: the difference
 * is reserved (refused when the plan has no room: the file fails with the quota sentence)
 * or given back. What decoding refuses (damaged, cut off inside, silent) fails the file
 * with its sentence; the reservation is refunded as for any failure.
 */
export async function prepareAudio(database: Database, t: Transcription, workDir: string, signal: AbortSignal): Promise<{ wav: string; durationS: number }> {
  const wav = path.join(workDir, NORMALISED);
  if (await hasLiveAudio(database, t.id)) return prepareRecording(database, t, wav, workDir);
  const original = await audioStore().localCopy(`${t.audioKey}/${ORIGINAL}`, workDir);
  // The plan of whoever the reservation was made with (a workspace's owner): its hours, its sentence.
  const payer = billedUserOf(t);
  const e = await entitlementsFor(database, payer);
  const left = secondsRemaining(e);
  // What it reserved is the user's already: it may use that and what is left.
  const allowance = left === null ? MAX_FILE_SECONDS : left + t.reservedSeconds;
  const claimedS = t.durationS > 0 ? t.durationS : null;
  let durationS: number;
  try {
    durationS = await normaliseUpload(original, wav, claimedS, allowance + 0.5, signal, t.firstSeconds);
  } catch (error) {
    if (signal.aborted) throw error;
    if (error instanceof TooLong) throw new PermanentEngineError(tooLongMessage(e, error.seconds, allowance));
    if (error instanceof DomainError) throw new PermanentEngineError(error.message);
    throw error;
  }
  const seconds = Math.max(1, Math.round(durationS));
  const delta = seconds - t.reservedSeconds;
  await database.transaction(async (tx) => {
    if (delta > 0 && !(await reserveSeconds(tx, payer, t.usagePeriodStart, delta, e.secondsPerPeriod))) {
      const stillLeft = (await remainingSeconds(tx, payer, t.usagePeriodStart, e.secondsPerPeriod)) ?? 0;
      throw new PermanentEngineError(quotaMessage(e, seconds, stillLeft + t.reservedSeconds));
    }
    if (delta < 0) await refundSeconds(tx, payer, t.usagePeriodStart, -delta);
    const settled = await tx
      .update(transcriptions)
      .set({ durationS: Math.round(durationS * 100) / 100, reservedSeconds: seconds })
      .where(and(eq(transcriptions.id, t.id), eq(transcriptions.status, "processing")))
      .returning({ id: transcriptions.id });
    // Canceled meanwhile: the cancel refunded what was reserved then; nothing is settled.
    if (!settled.length) throw new DOMException("Transcription canceled", "AbortError");
  });
  // The store takes its own copy (a local store moves the file it is given): the engines read this one.
  const forStore = path.join(workDir, `stored-${NORMALISED}`);
  await copyFile(wav, forStore);
  await audioStore().putFile(`${t.audioKey}/${NORMALISED}`, forStore, "audio/wav");
  await database.update(transcriptions).set({ audioReady: true }).where(eq(transcriptions.id, t.id));
  return { wav, durationS };
}

/**
 * A live recording's audio is in its chunks, already 16 kHz mono PCM and already reserved
 * second by second as it arrived: it is written out once as the WAV the engines hear and
 * the player plays (it is its own original too).
 */
async function prepareRecording(database: Database, t: Transcription, wav: string, workDir: string): Promise<{ wav: string; durationS: number }> {
  const durationS = await assembleRecording(database, t.id, wav);
  for (const name of [ORIGINAL, NORMALISED]) {
    const forStore = path.join(workDir, `stored-${name}`);
    await copyFile(wav, forStore);
    await audioStore().putFile(`${t.audioKey}/${name}`, forStore, "audio/wav");
  }
  await database
    .update(transcriptions)
    .set({ audioReady: true, durationS: Math.round(durationS * 100) / 100 })
    .where(eq(transcriptions.id, t.id));
  return { wav, durationS };
}
