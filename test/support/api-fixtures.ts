/** Sample answers of the transcriptions API and editor settings for jsdom tests of components. */
import type { ApiTranscription } from "@/lib/api/contract/transcription";
import type { EditorCapabilities } from "@/lib/editor/capabilities";

/** A finished upload, "Team call"; a test overrides what it is about. */
export function apiTranscription(overrides: Partial<ApiTranscription> = {}): ApiTranscription {
  return {
    id: "t-1",
    title: "Team call",
    status: "done",
    progress: 100,
    pieces_done: 1,
    pieces_total: 1,
    language: "en",
    detected_language: "en",
    engine: null,
    duration_s: 75,
    source: "upload",
    original_filename: "call.mp3",
    size_bytes: 1000,
    error: null,
    created_at: "2026-11-20T10:00:00Z",
    updated_at: "2026-11-20T10:00:00Z",
    completed_at: "2026-11-20T10:01:00Z",
    version: 1,
    workspace_id: null,
    folder_id: null,
    uploader_id: "u-1",
    ...overrides,
  };
}

/** A plan with every export and formatting feature, on a server with a language model. */
export const FULL_EDITOR_CAPABILITIES: EditorCapabilities = {
  planName: "Pro",
  editing: true,
  viewer: false,
  exports: { txt: true, md: true, pdf: true, docx: true, srt: true, vtt: true },
  basicFormatting: "available",
  advancedFormatting: "available",
  customStyles: "available",
};
