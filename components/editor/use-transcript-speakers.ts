"use client";

import { useCallback } from "react";
import { apiCall } from "@/lib/api/client";
import { ApiVoiceProfile, RenamedSpeakers, TranscriptSpeakers } from "@/lib/api/contract/speakers";
import type { SpeakerRename } from "@/lib/editor/speakers";
import { useApi } from "@/lib/api/use-api";

/**
 * The transcript's detected speakers (with the voice profiles they sound like), and what the
 * editor does with them: rename several at once (the Speakers dialog's Save), turn a suggestion
 * down, save a speaker as a voice profile, read them again after a save renamed one (the server
 * keeps their names in step with the segments).
 */
export function useTranscriptSpeakers(transcriptionId: string) {
  const path = `/api/transcriptions/${transcriptionId}/speakers`;
  const { data, mutate } = useApi(path, TranscriptSpeakers);

  const dismiss = useCallback(
    async (speaker: number) => {
      const result = await apiCall(`${path}/${speaker}/dismiss`, { method: "POST", answer: TranscriptSpeakers });
      if (result.ok) await mutate(result.data, { revalidate: false });
      return result;
    },
    [path, mutate],
  );

  /** Renames based on the version the editor's saves reached (see useSegmentSaver's `exclusive`). */
  const rename = useCallback(
    async (baseVersion: number, renames: readonly SpeakerRename[]) => {
      const result = await apiCall(path, { method: "PATCH", body: { base_version: baseVersion, renames }, answer: RenamedSpeakers });
      if (result.ok) void mutate();
      return result;
    },
    [path, mutate],
  );

  const saveProfile = useCallback(
    (speaker: number, name: string) =>
      apiCall("/api/voice-profiles", { method: "POST", body: { transcription_id: transcriptionId, speaker, name }, answer: ApiVoiceProfile }),
    [transcriptionId],
  );

  const reload = useCallback(() => void mutate(), [mutate]);

  return { speakers: data ?? null, rename, dismiss, saveProfile, reload };
}
