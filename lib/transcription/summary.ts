import type { ApiTranscription } from "@/lib/api/contract/transcription";
import { transcriptions, type Transcription } from "@/lib/db/schema";

// Apart from ./queries.ts (which re-exports it) so that ./queue.ts can describe a transcription
// it just ended without importing queries.ts, which imports queue.ts.

/** The columns a transcription's JSON shape needs: not its full text or formatted version. */
export const SUMMARY = {
  id: transcriptions.id,
  title: transcriptions.title,
  status: transcriptions.status,
  progress: transcriptions.progress,
  piecesDone: transcriptions.piecesDone,
  piecesTotal: transcriptions.piecesTotal,
  language: transcriptions.language,
  detectedLanguage: transcriptions.detectedLanguage,
  engine: transcriptions.engine,
  durationS: transcriptions.durationS,
  source: transcriptions.source,
  originalFilename: transcriptions.originalFilename,
  sizeBytes: transcriptions.sizeBytes,
  error: transcriptions.error,
  createdAt: transcriptions.createdAt,
  updatedAt: transcriptions.updatedAt,
  completedAt: transcriptions.completedAt,
  version: transcriptions.version,
  workspaceId: transcriptions.workspaceId,
  folderId: transcriptions.folderId,
  userId: transcriptions.userId,
};
export type TranscriptionSummary = Pick<Transcription, keyof typeof SUMMARY>;

/** The JSON shape of a transcription (spec style: snake_case). */
export function toApiTranscription(t: TranscriptionSummary): ApiTranscription {
  return {
    id: t.id,
    title: t.title,
    status: t.status,
    progress: t.progress,
    pieces_done: t.piecesDone,
    pieces_total: t.piecesTotal,
    language: t.language,
    detected_language: t.detectedLanguage,
    engine: t.engine,
    duration_s: t.durationS,
    source: t.source,
    original_filename: t.originalFilename,
    size_bytes: t.sizeBytes,
    error: t.error,
    created_at: t.createdAt.toISOString(),
    updated_at: t.updatedAt.toISOString(),
    completed_at: t.completedAt?.toISOString() ?? null,
    version: t.version,
    workspace_id: t.workspaceId,
    folder_id: t.folderId,
    uploader_id: t.userId,
  };
}
