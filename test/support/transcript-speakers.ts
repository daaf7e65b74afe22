import type { Database } from "@/lib/db/client";
import { transcriptSpeakers, transcriptions } from "@/lib/db/schema";
import { eq } from "drizzle-orm";

export interface SpeakerSeed {
  embedding: number[];
  name?: string;
  seconds?: number;
}

/** A transcription's detected speakers, as the worker stores them: "Speaker N" unless named. */
export async function insertTranscriptSpeakers(
  database: Database,
  transcriptionId: string,
  diarizer: "sherpa-onnx" | "basic",
  speakers: SpeakerSeed[],
): Promise<void> {
  await database.update(transcriptions).set({ diarizer }).where(eq(transcriptions.id, transcriptionId));
  await database.insert(transcriptSpeakers).values(
    speakers.map((s, speaker) => ({
      transcriptionId,
      speaker,
      name: s.name ?? `Speaker ${speaker + 1}`,
      seconds: s.seconds ?? 10,
      embedding: s.embedding,
    })),
  );
}

/** A unit vector pointing mostly along axis `axis` (of `size`), tilted towards the next axis by `tilt`. */
export function voice(axis: number, tilt = 0, size = 8): number[] {
  const v = Array.from({ length: size }, (_, i) => (i === axis ? 1 : i === (axis + 1) % size ? tilt : 0));
  const norm = Math.hypot(...v);
  return v.map((x) => x / norm);
}
