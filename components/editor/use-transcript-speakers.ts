"use client";

import { useCallback } from "react";
import { call } from "@/lib/api/client";
import { dismissSpeakerMatch, renameSpeakers, saveVoiceProfile, transcriptSpeakers } from "@/lib/api/endpoints/speakers";
import type { SpeakerRename } from "@/lib/editor/speakers";
import { useApi } from "@/lib/api/use-api";

/**
 * The transcript's detected speakers (with the voice profiles they sound like), and what the
 * editor does with them: rename several at once (the Speakers dialog's Save), turn a suggestion
 * down, save a speaker as a voice profile, read them again after a save renamed one (the server
 * keeps their names in step with the segments).
 */
export function useTranscriptSpeakers(transcriptionId: string) {
  const { data, mutate } = useApi(transcriptSpeakers, { params: { id: transcriptionId } });

  const dismiss = useCallback(
    async (speaker: number) => {
      const result = await call(dismissSpeakerMatch, { params: { id: transcriptionId, speaker: String(speaker) } });
      if (result.ok) await mutate(result.data, { revalidate: false });
      return result;
    },
    [transcriptionId, mutate],
  );

  /** Renames based on the version the editor's saves reached (see useSegmentSaver's `exclusive`). */
  const rename = useCallback(
    async (baseVersion: number, renames: SpeakerRename[]) => {
      const result = await call(renameSpeakers, { params: { id: transcriptionId }, body: { base_version: baseVersion, renames } });
      if (result.ok) void mutate();
      return result;
    },
    [transcriptionId, mutate],
  );

  const saveProfile = useCallback(
    (speaker: number, name: string) =>
      call(saveVoiceProfile, { body: { transcription_id: transcriptionId, speaker, name } }),
    [transcriptionId],
  );

  const reload = useCallback(() => void mutate(), [mutate]);

  return { speakers: data ?? null, rename, dismiss, saveProfile, reload };
}
