import { log } from "@/lib/log/logger";
import { diarizeBasic } from "./basic-diarizer";
import { DiarizationError, type Diarization, type DiarizeRequest } from "./diarization";
import { clusterSpeakers } from "./global-clustering";
import { diarizeWithSherpa } from "./sherpa-diarizer";
import { speakerModelFiles } from "./speaker-models";

/**
 * Cosine distance under which two chunks' speakers are one voice, for CAM++ embeddings:
 * sherpa-onnx's own default clustering threshold for its speaker-embedding models.
 */
const SHERPA_THRESHOLD = 0.5;

/**
 * Who speaks when in a whole file: sherpa-onnx (pyannote segmentation and a speaker-embedding
 * model) where its models are present, else the basic detector, which needs none. A model
 * that cannot run (damaged, a crash in native code) falls back to the basic detector; a
 * DiarizationError says why neither could, and the transcript is then kept without speakers.
 */
async function detectSpeakers(request: DiarizeRequest): Promise<Diarization> {
  const models = speakerModelFiles();
  if (models) {
    try {
      const locals = await diarizeWithSherpa(request, models);
      return { diarizer: "sherpa-onnx", ...clusterSpeakers(locals, { speakers: request.speakers, threshold: SHERPA_THRESHOLD }) };
    } catch (error) {
      if (request.signal?.aborted) throw error;
      log().warn({ err: error }, "the speaker model could not be used; the basic speaker detector carries on");
    }
  }
  try {
    return await diarizeBasic(request);
  } catch (error) {
    if (request.signal?.aborted || error instanceof DiarizationError) throw error;
    log().error({ err: error }, "the basic speaker detector failed");
    throw new DiarizationError("the speaker detector stopped with an error");
  }
}

/**
 * The file's speakers, or the sentence saying why they could not be told apart: a failed
 * detection never fails the transcription. Null when it was stopped (the speech pass ended
 * first, or the worker is stopping).
 */
export async function speakersOrNote(request: DiarizeRequest): Promise<Diarization | { note: string } | null> {
  try {
    return await detectSpeakers(request);
  } catch (error) {
    if (request.signal?.aborted) return null;
    return { note: noSpeakersSentence((error as Error).message) };
  }
}

/** What a transcript says when its speakers could not be told apart. */
export function noSpeakersSentence(reason: string): string {
  const clause = reason.replace(/[.\s]+$/, "");
  return `Speakers could not be told apart (${clause.charAt(0).toLowerCase()}${clause.slice(1)}), so this transcript has no speaker labels.`;
}
