import type { Entitlements } from "@/lib/billing/entitlements";
import { featureRefusal } from "@/lib/billing/feature-gate";
import type { Database } from "@/lib/db/client";
import type { Transcription } from "@/lib/db/schema";
import { contentDisposition, EXPORT_FORMATS, ExportError, isExportFormat, renderExport } from "@/lib/exports/render";
import { errorResponse } from "@/lib/http/responses";
import { languageName } from "@/lib/transcription/engines/language-names";
import { segmentsOf, toApiSegment } from "@/lib/transcription/queries";
import { EXPORT_FEATURE, EXPORT_NAME } from "./export-access";

function validTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-GB", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const FLAGS: Record<string, boolean> = { "1": true, true: true, "0": false, false: false };

/**
 * `?format=txt|md|pdf|docx|srt|vtt&timestamps=1&version=raw|formatted&tz=Europe/Berlin`.
 * The plan's export features are checked here, whatever the client shows.
 */
export async function exportTranscription(database: Database, e: Entitlements, t: Transcription, params: URLSearchParams): Promise<Response> {
  const format = params.get("format") ?? "";
  if (!isExportFormat(format)) {
    return errorResponse(400, `Unknown export format "${format}". Choose one of: ${EXPORT_FORMATS.join(", ")}.`);
  }
  const refusal = await featureRefusal(database, e, EXPORT_FEATURE[format], EXPORT_NAME[format]);
  if (refusal) return refusal;
  const timestamps = FLAGS[params.get("timestamps") ?? "0"];
  if (timestamps === undefined) return errorResponse(400, 'timestamps must be "1" or "0".');
  const version = params.get("version") ?? "raw";
  if (version !== "raw" && version !== "formatted") return errorResponse(400, 'version must be "raw" or "formatted".');
  const timeZone = params.get("tz") || "UTC";
  if (!validTimeZone(timeZone)) return errorResponse(400, `Unknown time zone "${timeZone}".`);
  if (t.status !== "done") return errorResponse(409, "This transcription is not finished yet, so there is nothing to export.");

  try {
    const file = await renderExport(
      format,
      {
        title: t.title,
        createdAt: t.createdAt,
        durationS: t.durationS,
        language: languageName(t.detectedLanguage ?? t.language),
        segments: (await segmentsOf(database, t.id)).map(toApiSegment),
        formattedMarkdown: t.formattedMarkdown,
      },
      { timestamps, version, timeZone },
    );
    return new Response(file.body, {
      headers: {
        "content-type": file.contentType,
        "content-disposition": contentDisposition(file.filename, t.title),
        "content-length": String(file.body.byteLength),
        "cache-control": "no-store",
      },
    });
  } catch (error) {
    if (error instanceof ExportError) return errorResponse(error.status, error.message);
    throw error;
  }
}
