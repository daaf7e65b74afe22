import { randomUUID } from "node:crypto";
import { checkedUploadTerms } from "@/lib/vocabulary/shape";
import { wordRulesFor } from "@/lib/vocabulary/snapshot";
import { and, eq, isNull, sql } from "drizzle-orm";
import { entitlementsFor, secondsRemaining } from "@/lib/billing/entitlements";
import { requireOperation } from "@/lib/billing/feature-refusal";
import { payerOf } from "@/lib/billing/payer";
import { remainingSeconds, reserveSeconds } from "@/lib/billing/usage";
import type { Database, Tx } from "@/lib/db/client";
import { isUniqueViolation } from "@/lib/db/errors";
import { liveChunks, liveSessions, transcriptions, users, type Transcription } from "@/lib/db/schema";
import { requireRole } from "@/lib/access/roles";
import { editableBy } from "@/lib/access/visibility";
import { DomainError } from "@/lib/errors/domain-error";
import { audioKey } from "@/lib/storage/audio-store";
import { MAX_FILE_SECONDS } from "@/lib/transcription/audio";
import { checkLanguage } from "@/lib/transcription/create";
import { ENGINE_UNAVAILABLE } from "@/lib/transcription/engines/labels";
import { offeredEngine } from "@/lib/transcription/offered-engine";
import { jobPriority } from "@/lib/transcription/plan-limits";
import { queueTranscription } from "@/lib/transcription/transcribe-queue";
import { editableRow, TRANSCRIPTION_NOT_FOUND } from "@/lib/transcription/queries";
import { liveSlotFree } from "@/lib/transcription/worker-registry";
import { ALREADY_RECORDING, QUOTA_REACHED, RECORDING_ENDED, SERVER_FULL, TOO_FAST } from "./recording-texts";
import { queueLiveJob, reclaimIdleSlot } from "./live-queue";
import { LIVE_CHUNK_BYTES, LIVE_CHUNK_MS, MAX_CHUNKS_PER_REQUEST, PACE_BURST_S } from "@/lib/recordings/store/pcm-chunks";
import { log } from "@/lib/log/logger";

/**
 * A recording whose browser went silent (a reload, a crashed or closed tab, a restarted
 * browser, a network gone for hours) is interrupted, not ended: the browser keeps what it
 * had not sent (IndexedDB) and, back on the page, offers to finish or discard it. After this
 * long without a word it is stopped for good and transcribed as it stands.
 */
const INTERRUPTED_KEPT_S = 24 * 3600;
/** A recording paused this long while its page is still there (it keeps saying so) is stopped: it becomes a transcription rather than stay open for ever. */
const MAX_PAUSE_S = 15 * 60;

export interface RecordingStart {
  title: string;
  language: string | null;
  mode: "mic" | "tab-mic";
  /** the workspace to record into (null or left out: the personal space); the caller has checked the user may add to it */
  workspaceId?: string | null;
  /** terms for this recording alone, besides its space's vocabulary */
  vocabulary?: readonly string[];
}

export interface StartedRecording {
  transcription: Transcription;
  live: boolean;
  notLiveReason: string | null;
  /** seconds the plan has left; null: no limit */
  allowanceS: number | null;
}

/**
 * Starts a live recording: a transcription in status `recording` that takes audio chunk
 * by chunk, and, when a worker has a free live slot, a `live` job that transcribes it as it
 * arrives. Refusals (plan, language, no time left) come before anything is written.
 */
export async function startRecording(database: Database, userId: string, input: RecordingStart): Promise<StartedRecording> {
  const workspaceId = input.workspaceId ?? null;
  if (workspaceId) await requireRole(database, userId, workspaceId, "member");
  // In a workspace its owner's plan decides the gates, languages and hours (lib/billing/payer.ts).
  const payer = await payerOf(database, { userId, workspaceId });
  const [e, choice] = await Promise.all([entitlementsFor(database, payer), offeredEngine(database)]);
  await requireOperation(database, e, "live_transcription");
  if (input.mode === "tab-mic") await requireOperation(database, e, "record_tab_mic");
  if (!choice.engine) throw new DomainError("unavailable", ENGINE_UNAVAILABLE);
  const language = checkLanguage(e, input.language, choice.engine);
  const uploadTerms = checkedUploadTerms(input.vocabulary);
  const allowanceS = secondsRemaining(e);
  if (allowanceS !== null && allowanceS < 1) {
    throw new DomainError("forbidden", `Your ${e.planName} plan has no transcription time left this period. Upgrade your plan to record more.`);
  }
  // One recording per user at a time: one left open (a tab that crashed, a second tab) is
  // stopped and transcribed, so nobody holds more than one live slot. Each is queued with the
  // priority of the plan that pays for it, read before the transaction.
  const leftOpen = new Map<string, number>();
  for (const r of await openRecordingsOf(database, userId)) leftOpen.set(r.id, jobPriority(await entitlementsFor(database, r.payer)));
  const live = await liveSlotFree(database);
  const id = randomUUID();
  const transcription = await insertRecording(database, async (tx) => {
    // Starts of one user take turns (their row is held to the commit): each finds what the one
    // before it left. A recording opened after this start looked (a start racing it, say a
    // double click or a second tab) is not taken over: this one is refused instead.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("no key update");
    for (const r of await openRecordingsOf(tx, userId)) {
      const priority = leftOpen.get(r.id);
      if (priority === undefined) throw new DomainError("conflict", ALREADY_RECORDING);
      await endRecording(tx, userId, r.id, { priority, payer: r.payer });
    }
    const rules = await wordRulesFor(tx, userId, workspaceId, uploadTerms);
    const [row] = await tx
      .insert(transcriptions)
      .values({
        id,
        userId,
        workspaceId,
        billedUserId: payer,
        title: input.title,
        status: "recording",
        vocabulary: rules.vocabulary,
        replacements: rules.replacements,
        language,
        durationS: 0,
        audioReady: false,
        reservedSeconds: 0,
        usagePeriodStart: e.period.start,
        audioKey: audioKey(userId, id),
        originalFilename: `${input.title}.wav`,
        contentType: "audio/wav",
        sizeBytes: 0,
        source: "recording",
      })
      .returning();
    await tx.insert(liveSessions).values({ transcriptionId: id, userId, live, notLiveReason: live ? null : SERVER_FULL });
    if (live) await queueLiveJob(tx, { transcriptionId: id, userId }, payer, jobPriority(e));
    return row;
  });
  return { transcription, live, notLiveReason: live ? null : SERVER_FULL, allowanceS };
}

/** The rows of a new recording; a second one started at the same moment (another tab) is refused. */
async function insertRecording(database: Database, write: (tx: Tx) => Promise<Transcription>): Promise<Transcription> {
  try {
    return await database.transaction(write);
  } catch (error) {
    if (isUniqueViolation(error)) throw new DomainError("conflict", ALREADY_RECORDING);
    throw error;
  }
}

export interface ChunksReceived {
  /** chunks stored so far (each LIVE_CHUNK_MS) */
  received: number;
  /** seconds the plan has left after this audio; null: no limit */
  remainingS: number | null;
}

async function openSession(database: Database, userId: string, transcriptionId: string) {
  const [row] = await database
    .select({ session: liveSessions, periodStart: transcriptions.usagePeriodStart, payer: sql<string>`coalesce(${transcriptions.billedUserId}, ${transcriptions.userId})` })
    .from(liveSessions)
    .innerJoin(transcriptions, eq(transcriptions.id, liveSessions.transcriptionId))
    // Still theirs to change: one removed from (or made a viewer of) its workspace meanwhile sends no more.
    .where(and(eq(liveSessions.transcriptionId, transcriptionId), eq(liveSessions.userId, userId), editableBy(userId)));
  if (!row) {
    // A recording that was stopped for good (canceled, or its transcript finished) has no session left.
    const t = await database.select({ id: transcriptions.id }).from(transcriptions).where(and(editableRow(userId, transcriptionId), eq(transcriptions.userId, userId)));
    if (t.length) throw new DomainError("conflict", RECORDING_ENDED, { reason: "ended" });
    throw new DomainError("not_found", TRANSCRIPTION_NOT_FOUND);
  }
  if (row.session.stoppedAt) throw new DomainError("conflict", RECORDING_ENDED, { reason: "ended" });
  return row;
}

/**
 * Stores chunks `firstSeq`, `firstSeq + 1` … of a recording (a body of whole chunks). A
 * chunk sent again after a lost answer is stored once. Each new whole second is reserved
 * against the plan as it arrives; audio past the plan's time is refused (`reason: quota`),
 * and the browser stops the recording. Audio more than PACE_BURST_S ahead of real time is
 * refused (`reason: pace`, 429: the browser sends it again a little later). The first audio
 * after a pause that gave the live slot back asks for one again.
 */
export async function receiveChunks(database: Database, userId: string, transcriptionId: string, firstSeq: number, body: Buffer): Promise<ChunksReceived> {
  if (!Number.isInteger(firstSeq) || firstSeq < 0 || firstSeq >= (MAX_FILE_SECONDS * 1000) / LIVE_CHUNK_MS) {
    throw new DomainError("invalid", "seq must be the number of the first chunk in the body (0, 1, 2 …).");
  }
  if (!body.length || body.length % LIVE_CHUNK_BYTES !== 0 || body.length > MAX_CHUNKS_PER_REQUEST * LIVE_CHUNK_BYTES) {
    throw new DomainError(
      "invalid",
      `The body must be 1 to ${MAX_CHUNKS_PER_REQUEST} chunks of ${LIVE_CHUNK_BYTES} bytes (${LIVE_CHUNK_MS} ms of 16 kHz mono 16-bit PCM).`,
    );
  }
  const { session, periodStart, payer } = await openSession(database, userId, transcriptionId);
  // In order, without gaps: the browser sends the next chunks only once the server has the
  // ones before (a gap would be silence in the recording nobody paid for).
  if (firstSeq > session.chunks) {
    throw new DomainError("conflict", `Chunks must arrive in order: the next one is ${session.chunks}.`, { reason: "order", next: session.chunks });
  }
  const e = await entitlementsFor(database, payer);
  return database.transaction(async (tx) => {
    const values = [];
    for (let at = 0; at < body.length; at += LIVE_CHUNK_BYTES) {
      values.push({ transcriptionId, seq: firstSeq + at / LIVE_CHUNK_BYTES, pcm: body.subarray(at, at + LIVE_CHUNK_BYTES) });
    }
    const stored = await tx.insert(liveChunks).values(values).onConflictDoNothing().returning({ seq: liveChunks.seq });
    // Never more audio than the recording's wall time and a burst: a browser back from an
    // outage of any length catches up (its audio was made while the clock ran), a file sent
    // as a "recording" still goes no faster than it plays.
    const audioMs = sql`(${liveSessions.chunks} + ${stored.length}) * ${LIVE_CHUNK_MS}`;
    const [counted] = await tx
      .update(liveSessions)
      .set({ chunks: sql`${liveSessions.chunks} + ${stored.length}`, lastSeenAt: sql`now()`, lastAudioAt: sql`now()` })
      .where(
        and(
          eq(liveSessions.transcriptionId, transcriptionId),
          isNull(liveSessions.stoppedAt),
          sql`${audioMs} <= extract(epoch from now() - ${liveSessions.createdAt}) * 1000 + ${PACE_BURST_S * 1000}`,
        ),
      )
      .returning();
    if (!counted) {
      // The chunks just stored go with the transaction: the browser sends them again.
      const [open] = await tx.select({ id: liveSessions.transcriptionId }).from(liveSessions).where(and(eq(liveSessions.transcriptionId, transcriptionId), isNull(liveSessions.stoppedAt)));
      if (open) throw new DomainError("rate_limited", TOO_FAST, { reason: "pace" });
      throw new DomainError("conflict", RECORDING_ENDED, { reason: "ended" });
    }
    if (stored.length) await reclaimIdleSlot(tx, counted, payer, jobPriority(e));
    const seconds = Math.ceil((counted.chunks * LIVE_CHUNK_MS) / 1000);
    if (seconds > counted.reservedSeconds) {
      const more = seconds - counted.reservedSeconds;
      // Billed to the period the recording started in, where a cancel or failure refunds it.
      if (!(await reserveSeconds(tx, payer, periodStart, more, e.secondsPerPeriod))) {
        throw new DomainError("forbidden", QUOTA_REACHED, { reason: "quota" });
      }
      await tx.update(liveSessions).set({ reservedSeconds: seconds }).where(eq(liveSessions.transcriptionId, transcriptionId));
      // Once a second, not per chunk: the dashboard's live list follows the length.
      await tx
        .update(transcriptions)
        .set({ durationS: seconds, reservedSeconds: seconds, sizeBytes: counted.chunks * LIVE_CHUNK_BYTES })
        .where(eq(transcriptions.id, transcriptionId));
    }
    const remainingS = await remainingSeconds(tx, payer, periodStart, e.secondsPerPeriod);
    return { received: counted.chunks, remainingS };
  });
}

/** The browser is still there (paused): the recording is not abandoned. */
export async function keepRecording(database: Database, userId: string, transcriptionId: string): Promise<void> {
  await openSession(database, userId, transcriptionId);
  await database.update(liveSessions).set({ lastSeenAt: sql`now()` }).where(eq(liveSessions.transcriptionId, transcriptionId));
}

/**
 * Ends the user's recording: it becomes a queued transcription of everything received (the
 * live text stays its draft until the full pass replaces it). A recording with no audio at
 * all is removed. Stopping twice answers the same transcription. One removed from its
 * workspace (or made a viewer) meanwhile is told it does not exist, as for every other
 * operation on it; the server stops it for them once it is abandoned.
 */
export async function stopRecording(database: Database, userId: string, transcriptionId: string): Promise<Transcription | null> {
  const [mine] = await database.select({ id: transcriptions.id }).from(transcriptions).where(and(editableRow(userId, transcriptionId), eq(transcriptions.userId, userId)));
  if (!mine) throw new DomainError("not_found", TRANSCRIPTION_NOT_FOUND);
  return closeRecording(database, userId, transcriptionId);
}

/**
 * Ends a recording on the server's own account (whoever may reach it now): one left open
 * when its user starts another, or abandoned by its browser.
 */
async function closeRecording(database: Database, userId: string, transcriptionId: string): Promise<Transcription | null> {
  // Queued with the priority of the plan that pays for it.
  const [billed] = await database.select({ billedUserId: transcriptions.billedUserId }).from(transcriptions).where(eq(transcriptions.id, transcriptionId));
  const payer = billed?.billedUserId ?? userId;
  const e = await entitlementsFor(database, payer);
  return database.transaction((tx) => endRecording(tx, userId, transcriptionId, { priority: jobPriority(e), payer }));
}

/** The user's recordings still open, with whose plan pays for each. */
async function openRecordingsOf(database: Database | Tx, userId: string): Promise<Array<{ id: string; payer: string }>> {
  return database
    .select({ id: liveSessions.transcriptionId, payer: sql<string>`coalesce(${transcriptions.billedUserId}, ${transcriptions.userId})` })
    .from(liveSessions)
    .innerJoin(transcriptions, eq(transcriptions.id, liveSessions.transcriptionId))
    .where(and(eq(liveSessions.userId, userId), isNull(liveSessions.stoppedAt)));
}

/** `closeRecording` inside the caller's transaction, queued with this priority in its payer's turn. */
async function endRecording(tx: Tx, userId: string, transcriptionId: string, queue: { priority: number; payer: string }): Promise<Transcription | null> {
  const [session] = await tx
    .update(liveSessions)
    .set({ stoppedAt: sql`now()` })
    .where(and(eq(liveSessions.transcriptionId, transcriptionId), eq(liveSessions.userId, userId), isNull(liveSessions.stoppedAt)))
    .returning();
  if (!session) {
    const [t] = await tx.select().from(transcriptions).where(and(editableRow(userId, transcriptionId), eq(transcriptions.userId, userId)));
    if (!t) throw new DomainError("not_found", TRANSCRIPTION_NOT_FOUND);
    return t;
  }
  if (session.chunks === 0) {
    await tx.delete(transcriptions).where(eq(transcriptions.id, transcriptionId));
    return null;
  }
  const durationS = (session.chunks * LIVE_CHUNK_MS) / 1000;
  const [t] = await tx
    .update(transcriptions)
    .set({ status: "queued", durationS, reservedSeconds: session.reservedSeconds, sizeBytes: session.chunks * LIVE_CHUNK_BYTES })
    .where(and(eq(transcriptions.id, transcriptionId), eq(transcriptions.status, "recording")))
    .returning();
  if (!t) throw new DomainError("conflict", RECORDING_ENDED, { reason: "ended" });
  await queueTranscription(tx, transcriptionId, queue.priority, queue.payer);
  return t;
}

/**
 * Recordings interrupted for a day (their browser never came back to finish them), or paused
 * for a quarter of an hour with their page still open: each becomes a transcription of what arrived.
 */
export async function stopAbandonedRecordings(database: Database): Promise<number> {
  const abandoned = await database
    .select({ id: liveSessions.transcriptionId, userId: liveSessions.userId })
    .from(liveSessions)
    .where(
      and(
        isNull(liveSessions.stoppedAt),
        sql`(${liveSessions.lastSeenAt} < now() - make_interval(secs => ${INTERRUPTED_KEPT_S})
             or ${liveSessions.lastSeenAt} - ${liveSessions.lastAudioAt} > make_interval(secs => ${MAX_PAUSE_S}))`,
      ),
    );
  for (const r of abandoned) await closeRecording(database, r.userId, r.id).catch((error: unknown) => log().error({ err: error, transcriptionId: r.id }, "could not stop an abandoned live recording"));
  return abandoned.length;
}
