import { randomUUID } from "node:crypto";
import type { Database } from "@/lib/db/client";
import { transcriptSegments, transcriptions, type WordTiming } from "@/lib/db/schema";

export interface SegmentSeed {
  startMs: number;
  endMs: number;
  text: string;
  words?: WordTiming[] | null;
  speaker?: string | null;
  confidence?: number | null;
}

/** A finished transcription with these segments, as the worker would have stored it. */
export async function insertDoneTranscription(database: Database, userId: string, segments: SegmentSeed[], title = "Interview"): Promise<string> {
  const id = randomUUID();
  await database.insert(transcriptions).values({
    id,
    userId,
    title,
    status: "done",
    progress: 100,
    language: "en",
    engine: "sphinx",
    durationS: Math.max(0, ...segments.map((s) => s.endMs)) / 1000,
    reservedSeconds: 10,
    usagePeriodStart: new Date(),
    audioKey: `${userId}/${id}`,
    originalFilename: "interview.wav",
    contentType: "audio/wav",
    sizeBytes: 1000,
    transcriptText: segments.map((s) => s.text).join(" "),
    completedAt: new Date(),
  });
  if (segments.length) {
    await database.insert(transcriptSegments).values(
      segments.map((s, position) => ({
        id: randomUUID(),
        transcriptionId: id,
        position,
        startMs: s.startMs,
        endMs: s.endMs,
        text: s.text,
        words: s.words ?? null,
        speaker: s.speaker ?? null,
        confidence: s.confidence ?? null,
      })),
    );
  }
  return id;
}
