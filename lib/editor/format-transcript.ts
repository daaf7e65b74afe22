import { and, desc, eq } from "drizzle-orm";
import { FormatRequest, type ApiFormatState } from "@/lib/api/contract/transcription";
import { entitlementsFor, mayUseFeature } from "@/lib/billing/entitlements";
import { requireOperation } from "@/lib/billing/feature-refusal";
import type { Database, Tx } from "@/lib/db/client";
import { jobs, transcriptions, type FormatLevel, type Transcription } from "@/lib/db/schema";
import { DomainError } from "@/lib/errors/domain-error";
import { formatAdvanced } from "@/lib/formatting/advanced";
import { applyStyle } from "@/lib/formatting/custom-style";
import type { LlmConfig } from "@/lib/formatting/llm-client";
import { editableRow, findReadable, segmentsOf, toApiFormatted, toApiSegment, TRANSCRIPTION_NOT_FOUND } from "@/lib/transcription/queries";
import type { JobOutcome } from "@/lib/jobs/definition";
import { enqueue } from "@/lib/jobs/enqueue";
import { complete, type HeldJob } from "@/lib/jobs/store";
import { formatKind } from "./format-queue";
import { runOffThread } from "@/lib/off-thread/off-thread";
import { packWords } from "@/lib/off-thread/packed-words";
import { FormattingError } from "@/lib/formatting/errors";
import { NO_AI_FORMATTING } from "./capabilities";
import { ownedStyle } from "./styles";

function requireLlm(llm: LlmConfig | null): LlmConfig {
  if (!llm) throw new DomainError("unavailable", NO_AI_FORMATTING);
  return llm;
}

export const ALREADY_FORMATTING = "You are already formatting a transcript. Wait until it finishes.";
const NOT_DONE = "This transcription is not finished yet, so it cannot be formatted.";

/** What a format request needs, checked: the plan allows it, a model is there, the style is the user's. */
interface Checked {
  userId: string;
  request: FormatRequest;
  segments: ReturnType<typeof toApiSegment>[];
  language: string | undefined;
  cleanup: boolean;
  paragraphs: boolean;
  style: Awaited<ReturnType<typeof ownedStyle>> | null;
}

async function check(database: Database, userId: string, t: Transcription, request: FormatRequest, llm: LlmConfig | null): Promise<Checked> {
  if (t.status !== "done") throw new DomainError("conflict", NOT_DONE);
  const e = await entitlementsFor(database, userId);
  const operation = request.level === "basic" ? "format_basic" : request.level === "advanced" ? "format_advanced" : "apply_style";
  await requireOperation(database, e, operation);
  const style = request.level === "style" ? await ownedStyle(database, userId, request.style_id ?? "") : null;
  if (request.level !== "basic") requireLlm(llm);
  const segments = (await segmentsOf(database, t.id)).map(toApiSegment);
  if (!segments.some((s) => s.text.trim())) throw new DomainError("conflict", "There is no speech in this transcript to format.");
  return {
    userId,
    request,
    segments,
    // Filler and stutter rules are English-only ("die die" is good German); the rules need the language.
    language: t.detectedLanguage ?? t.language ?? undefined,
    cleanup: mayUseFeature(e, "ai_enhancement"),
    paragraphs: mayUseFeature(e, "ai_enhanced_formatting"),
    style,
  };
}

async function produce(c: Checked, llm: LlmConfig | null): Promise<string> {
  const { segments, language } = c;
  // The rules are quick per line but a long transcript has many: a worker thread runs them.
  if (c.request.level === "basic") {
    const options = { cleanup: c.cleanup, paragraphs: c.paragraphs, language };
    return runOffThread("formatBasic", async () => [await packWords(segments), options], c.userId);
  }
  if (c.style) return applyStyle(segments, c.style, requireLlm(llm), { language });
  return formatAdvanced(segments, requireLlm(llm), { language });
}

/** Stores the formatted version beside the raw segments, which stay untouched, with the segments' version it was made from. */
async function save(database: Database | Tx, userId: string, t: Transcription, c: Checked, markdown: string): Promise<Transcription> {
  const formatted = {
    formattedMarkdown: markdown,
    formattedLevel: c.request.level as FormatLevel,
    formattedStyleName: c.style?.name ?? null,
    formattedFromVersion: t.version,
    formattedAt: new Date(),
  };
  // Only the small columns come back: a long transcript's text and formatted version are a
  // megabyte that embedded PGlite would hand back on the server's own thread.
  const [saved] = await database
    .update(transcriptions)
    .set(formatted)
    .where(editableRow(userId, t.id))
    .returning({ version: transcriptions.version, updatedAt: transcriptions.updatedAt });
  if (!saved) throw new DomainError("not_found", TRANSCRIPTION_NOT_FOUND);
  return { ...t, ...saved, ...formatted };
}

/** The formatted version and the last language-model run of this transcription, if it is waiting, running or failed. */
export async function formatState(database: Database, t: Transcription): Promise<ApiFormatState> {
  const [last] = await database
    .select()
    .from(jobs)
    .where(and(eq(jobs.kind, "format"), eq(jobs.transcriptionId, t.id)))
    .orderBy(desc(jobs.createdAt))
    .limit(1);
  // A new request replaces the outcome of the last one: only the latest run is shown, and a
  // failure only while no formatted version came after it (retention keeps failures longer).
  const superseded = last?.status === "failed" && t.formattedAt !== null && t.formattedAt > last.createdAt;
  const run = last && ["queued", "running", "failed"].includes(last.status) && !superseded ? last : undefined;
  const requested = FormatRequest.safeParse(run?.payload);
  return {
    formatted: toApiFormatted(t),
    run:
      run && requested.success
        ? {
            level: requested.data.level,
            status: run.status === "failed" ? "failed" : run.status === "running" ? "running" : "queued",
            error: run.status === "failed" ? run.lastError : null,
            requested_at: run.createdAt.toISOString(),
          }
        : null,
  };
}

/**
 * Formats a finished transcript. The rules of basic formatting take milliseconds and run
 * at once; a language-model pass can take a minute and costs money, so it becomes a job a
 * worker runs (one per user at a time, whichever host asks), and the answer says it is queued.
 * Every refusal (plan, no model, no speech, not the user's style) comes at once, as a DomainError.
 */
export async function requestFormatting(
  database: Database,
  userId: string,
  t: Transcription,
  request: FormatRequest,
  llm: LlmConfig | null,
): Promise<ApiFormatState> {
  const checked = await check(database, userId, t, request, llm);
  if (request.level === "basic") return formatState(database, await save(database, userId, t, checked, await produce(checked, llm)));
  const queued = await enqueue(database, formatKind, request, { transcriptionId: t.id, userId });
  if (!queued) throw new DomainError("rate_limited", ALREADY_FORMATTING);
  return formatState(database, t);
}

/** Language-model failures that a later try may not meet. */
export function isTransientFormatFailure(error: unknown): boolean {
  return error instanceof FormattingError && ["unreachable", "timeout", "busy"].includes(error.reason);
}

/**
 * A worker runs a queued format job: the checks again (the plan or the style may have
 * changed), the model, then the save in the transaction that ends the job, so a job canceled
 * or taken over meanwhile stores nothing.
 */
export async function runFormatJob(database: Database, job: HeldJob, request: FormatRequest, llm: LlmConfig | null): Promise<JobOutcome> {
  const userId = job.userId;
  const t = job.transcriptionId && userId ? await findReadable(database, userId, job.transcriptionId) : null;
  if (!t || !userId) throw new DomainError("not_found", TRANSCRIPTION_NOT_FOUND);
  const checked = await check(database, userId, t, request, llm);
  const markdown = await produce(checked, llm);
  return database.transaction(async (tx) => {
    if (!(await complete(tx, job))) return "lost";
    await save(tx, userId, t, checked, markdown);
    return "done";
  });
}
