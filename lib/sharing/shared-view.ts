import { createHash } from "node:crypto";
import { and, asc, eq, isNotNull, min, sql } from "drizzle-orm";
import type { ExportQuery } from "@/lib/api/contract/transcription";
import { allows } from "@/lib/billing/feature-gates";
import { entitlementsFor } from "@/lib/billing/entitlements";
import { payerOfTranscription } from "@/lib/billing/payer";
import { queryRows, type Database } from "@/lib/db/client";
import { transcriptSegments } from "@/lib/db/schema";
import { DomainError } from "@/lib/errors/domain-error";
import { exportTranscription } from "@/lib/editor/export-transcript";
import { EXPORT_FORMATS, exportOperation, isExportFormat, type ExportFormat } from "@/lib/exports/formats";
import type { RenderedExport } from "@/lib/exports/render";
import { languageName } from "@/lib/transcription/engines/language-names";
import type { OpenedLink } from "./opening";
import { viewBodies } from "./view-bodies";

export const EXPORTS_OFF = "Exports are turned off for this link.";
export const FORMAT_NOT_OFFERED = "This link does not offer that format.";

/** The formats a link offers: those of the plan that pays for the transcript (a workspace's owner's), none when exports are off. */
async function offeredFormats(database: Database, { link, transcription }: OpenedLink): Promise<ExportFormat[]> {
  if (!link.allowExport) return [];
  const plan = await entitlementsFor(database, await payerOfTranscription(database, transcription));
  return EXPORT_FORMATS.filter((f) => allows(plan.features, exportOperation(f)));
}

/** A page of the view's segments, already as JSON text, and the last position it holds. */
const SEGMENTS_PER_PAGE = 100;

/**
 * The segments as the view's JSON, built by the database a page at a time: the word timings
 * (~6 MB for a 10-hour transcript) are never parsed into objects nor serialised again on the
 * server's thread. Only the word, its start and its end are kept (not the confidence).
 */
async function segmentsJson(database: Database, transcriptionId: string, showSpeakers: boolean): Promise<string> {
  const pages: string[] = [];
  for (let after = -1; ; ) {
    const [page] = await queryRows<{ json: string | null; last: number | null; n: number }>(database, sql`
      select string_agg(json, ',' order by position) as json, max(position) as last, count(*)::int as n from (
        select s.position, json_build_object(
          'start_ms', s.start_ms, 'end_ms', s.end_ms, 'text', s.text,
          'words', case when s.words is null then null else coalesce(
            (select json_agg(json_build_object('word', w -> 'word', 'start_ms', w -> 'start_ms', 'end_ms', w -> 'end_ms') order by i)
              from jsonb_array_elements(s.words) with ordinality as e(w, i)), '[]'::json) end
          ${showSpeakers ? sql`, 'speaker', s.speaker` : sql``})::text as json
        from ${transcriptSegments} s
        where s.transcription_id = ${transcriptionId} and s.position > ${after}
        order by s.position
        limit ${SEGMENTS_PER_PAGE}
      ) page`);
    if (page?.json) pages.push(page.json);
    if (!page || page.n < SEGMENTS_PER_PAGE || page.last === null) return `[${pages.join(",")}]`;
    after = page.last;
  }
}

/** Speakers' names in the order they first speak. */
async function speakersOf(database: Database, transcriptionId: string): Promise<string[]> {
  const rows = await database
    .select({ speaker: transcriptSegments.speaker })
    .from(transcriptSegments)
    .where(and(eq(transcriptSegments.transcriptionId, transcriptionId), isNotNull(transcriptSegments.speaker)))
    .groupBy(transcriptSegments.speaker)
    .orderBy(asc(min(transcriptSegments.position)));
  return rows.flatMap((r) => (r.speaker ? [r.speaker] : []));
}

/** The view as JSON bytes (a SharedTranscript). */
async function viewBody(database: Database, { link, transcription: t }: OpenedLink, formats: ExportFormat[]): Promise<Uint8Array<ArrayBuffer>> {
  const [segments, speakers] = await Promise.all([segmentsJson(database, t.id, link.showSpeakers), link.showSpeakers ? speakersOf(database, t.id) : undefined]);
  const head = { title: t.title, duration_s: t.durationS, language: languageName(t.detectedLanguage ?? t.language), created_at: t.createdAt.toISOString() };
  const tail = { ...(speakers ? { speakers } : {}), allow_export: link.allowExport, export_formats: formats };
  return new TextEncoder().encode(`${JSON.stringify(head).slice(0, -1)},"segments":${segments},${JSON.stringify(tail).slice(1)}`);
}

/** The view of one version of a transcript through one link's settings; `body` is built on first use. */
export interface SharedView {
  etag: string;
  body(): Promise<Uint8Array<ArrayBuffer>>;
}

/**
 * The read-only transcript a link shows: text, timings and words for the synced highlight, and
 * speakers only when the link shows them (else no speaker field at all). Nothing that names the
 * owner, the workspace or any row: a stranger holds the token, and that is all they need.
 *
 * Serialised once per link and version of the transcript and of the link's settings, not once per
 * visitor: ten strangers opening a 10-hour transcript at once share one build (./view-bodies.ts),
 * and the ETag (a hash, naming no row) lets a client that has it be answered 304.
 */
export async function sharedView(database: Database, opened: OpenedLink): Promise<SharedView> {
  const { link, transcription: t } = opened;
  const formats = await offeredFormats(database, opened);
  // Every change of the segments bumps the version; a rename, a status change or a move moves updated_at.
  const key = [link.id, t.version, t.updatedAt.toISOString(), link.showSpeakers, link.allowExport, formats.join(",")].join("|");
  return { etag: `"${createHash("sha256").update(key).digest("base64url").slice(0, 27)}"`, body: () => viewBodies.get(key, () => viewBody(database, opened, formats)) };
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
