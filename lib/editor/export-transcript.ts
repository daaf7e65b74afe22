import type { ExportQuery } from "@/lib/api/contract/transcription";
import type { Entitlements } from "@/lib/billing/entitlements";
import { requireOperation } from "@/lib/billing/feature-refusal";
import type { Database } from "@/lib/db/client";
import type { Transcription } from "@/lib/db/schema";
import { DomainError } from "@/lib/errors/domain-error";
import { exportOperation } from "@/lib/exports/formats";
import { EXPORT_FORMATS, isExportFormat, type RenderedExport } from "@/lib/exports/render";
import { runOffThread } from "@/lib/off-thread/off-thread";
import { languageName } from "@/lib/transcription/engines/language-names";
import { segmentsOf, toApiSegment } from "@/lib/transcription/queries";

function validTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-GB", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const FLAGS: Record<string, boolean> = { "1": true, true: true, "0": false, false: false };

const invalid = (sentence: string) => new DomainError("invalid", sentence);

/**
 * The transcript rendered as a file. The plan's export features are checked here, whatever
 * the client shows; a bad option is `invalid`, an unfinished transcript a `conflict`.
 */
export async function exportTranscription(
  database: Database,
  e: Entitlements,
  t: Transcription,
  query: ExportQuery,
  // A share link exports without speakers when it hides them, and its visitors' exports wait in
  // a budget of their own (`owner`), so a stranger can never hold up the owner's own work.
  { speakers = true, owner = t.userId }: { speakers?: boolean; owner?: string } = {},
): Promise<RenderedExport> {
  const format = query.format ?? "";
  if (!format) throw invalid(`Choose an export format with ?format=: one of ${EXPORT_FORMATS.join(", ")}.`);
  if (!isExportFormat(format)) throw invalid(`Unknown export format "${format.slice(0, 40)}". Choose one of: ${EXPORT_FORMATS.join(", ")}.`);
  await requireOperation(database, e, exportOperation(format));
  const timestamps = FLAGS[query.timestamps ?? "0"];
  if (timestamps === undefined) throw invalid('timestamps must be "1" or "0".');
  const version = query.version ?? "raw";
  if (version !== "raw" && version !== "formatted") throw invalid('version must be "raw" or "formatted".');
  const timeZone = query.tz || "UTC";
  if (!validTimeZone(timeZone)) throw invalid(`Unknown time zone "${timeZone}".`);
  if (t.status !== "done") throw new DomainError("conflict", "This transcription is not finished yet, so there is nothing to export.");
  // Rendering a long transcript (a PDF above all) takes seconds of CPU: a worker thread does it.
  // The segments are read once the owner's place is taken: a burst of exports refused for being
  // too many reads nothing.
  return runOffThread("renderExport", async () => [
    format,
    {
      title: t.title,
      createdAt: t.createdAt,
      durationS: t.durationS,
      language: languageName(t.detectedLanguage ?? t.language),
      // Only subtitles time their cues by the words.
      segments: (await segmentsOf(database, t.id, { words: format === "srt" || format === "vtt" })).map((s) => ({ ...toApiSegment(s), speaker: speakers ? s.speaker : null })),
      formattedMarkdown: t.formattedMarkdown,
    },
    { timestamps, version, timeZone },
  ], owner);
}
