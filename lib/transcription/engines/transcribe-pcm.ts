import { writeFile } from "node:fs/promises";
import { BYTES_PER_SECOND, wavHeader } from "@/lib/audio/wav";
import type { VocabularyTerm } from "@/lib/db/schema";
import type { Engine, EngineSegment } from "./types";

/** How much of the text before a stretch of audio goes with it as the prompt. */
const PROMPT_CHARS = 200;

interface PcmRequest {
  /** where the WAV is written (the live session's scratch directory) */
  file: string;
  language: string | null;
  textBefore: string;
  vocabulary?: readonly VocabularyTerm[];
  signal: AbortSignal;
}

/** A stretch of a live recording through an engine's batch call: written as a WAV, transcribed with the text before it as prompt. */
export async function transcribePcm(engine: Pick<Engine, "transcribe">, pcm: Buffer, request: PcmRequest): Promise<EngineSegment[]> {
  await writeFile(request.file, Buffer.concat([wavHeader(pcm.length), pcm]));
  const { segments } = await engine.transcribe({
    wavPath: request.file,
    durationS: pcm.length / BYTES_PER_SECOND,
    language: request.language,
    previousText: request.textBefore.slice(-PROMPT_CHARS) || undefined,
    vocabulary: request.vocabulary,
    signal: request.signal,
  });
  return segments;
}
