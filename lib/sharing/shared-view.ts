import type { ExportQuery } from "@/lib/api/contract/transcriptions-input";
import type { SharedSegment, SharedTranscript } from "@/lib/api/contract/sharing";
import { allows } from "@/lib/billing/feature-gates";
import { entitlementsFor } from "@/lib/billing/entitlements";
import { payerOfTranscription } from "@/lib/billing/payer";
import type { Database } from "@/lib/db/client";
import { DomainError } from "@/lib/errors/domain-error";
import { exportTranscription } from "@/lib/editor/export-transcript";
import { EXPORT_FORMATS, exportOperation, isExportFormat, type ExportFormat } from "@/lib/exports/formats";
import type { RenderedExport } from "@/lib/exports/render";
import { languageName } from "@/lib/transcription/engines/language-names";
import { segmentsOf } from "@/lib/transcription/queries";
import type { OpenedLink } from "./opening";

export const EXPORTS_OFF = "Exports are turned off for this link.";
export const FORMAT_NOT_OFFERED = "This link does not offer that format.";

/** The formats a link offers: those of the plan that pays for the transcript (a workspace's owner's), none when exports are off. */
async function offeredFormats(database: Database, { link, transcription }: OpenedLink): Promise<ExportFormat[]> {
  if (!link.allowExport) return [];
  const plan = await entitlementsFor(database, await payerOfTranscription(database, transcription));
  return EXPORT_FORMATS.filter((f) => allows(plan.features, exportOperation(f)));
}

/** Speakers' names in the order they first speak. */
function speakersOf(segments: readonly { speaker: string | null }[]): string[] {
  return [...new Set(segments.flatMap((s) => (s.speaker ? [s.speaker] : [])))];
}

/**
 * The read-only transcript a link shows: text, timings and words for the synced highlight, and
 * speakers only when the link shows them (else no speaker field at all). Nothing that names the
 * owner, the workspace or any row: a stranger holds the token, and that is all they need.
 */
export async function sharedTranscript(database: Database, opened: OpenedLink): Promise<SharedTranscript> {
  const { link, transcription: t } = opened;
  const [segments, formats] = await Promise.all([segmentsOf(database, t.id), offeredFormats(database, opened)]);
  const shared = segments.map((s): SharedSegment => {
    const words = s.words?.map((w) => ({ word: w.word, start_ms: w.start_ms, end_ms: w.end_ms })) ?? null;
    const base = { start_ms: s.startMs, end_ms: s.endMs, text: s.text, words };
    return link.showSpeakers ? { ...base, speaker: s.speaker } : base;
  });
  return {
    title: t.title,
    duration_s: t.durationS,
    language: languageName(t.detectedLanguage ?? t.language),
    created_at: t.createdAt.toISOString(),
    segments: shared,
    ...(link.showSpeakers ? { speakers: speakersOf(segments) } : {}),
    allow_export: link.allowExport,
    export_formats: formats,
  };
}

/**
 * The transcript as a file, through the editor's own export (rendered off the event loop), when
 * the link allows exports and the payer's plan has the format. A format the plan lacks is
 * refused without naming the owner's plan: the stranger has nothing to upgrade. Each client
 * address has its own budget of exports under way (`client`), apart from the owner's.
 */
export async function exportShared(database: Database, opened: OpenedLink, query: ExportQuery, client: string): Promise<RenderedExport> {
  if (!opened.link.allowExport) throw new DomainError("forbidden", EXPORTS_OFF);
  const plan = await entitlementsFor(database, await payerOfTranscription(database, opened.transcription));
  // An unknown format is left to exportTranscription, which names the known ones.
  const format = query.format ?? "";
  if (isExportFormat(format) && !allows(plan.features, exportOperation(format))) throw new DomainError("forbidden", FORMAT_NOT_OFFERED);
  // The transcript as the link shows it: never the formatted version (not shown, and it may name
  // speakers), and without speakers when the link hides them.
  return exportTranscription(database, plan, opened.transcription, { ...query, version: "raw" }, { speakers: opened.link.showSpeakers, owner: `shared:${client}` });
}
