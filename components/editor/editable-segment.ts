import type { EditableSegment } from "@/lib/api/contract/transcription";

/** The segment as the editor holds it, from an answer or event that also says where it is and who changed it. */
export const editableOf = (s: EditableSegment): EditableSegment => ({
  id: s.id,
  version: s.version,
  start_ms: s.start_ms,
  end_ms: s.end_ms,
  text: s.text,
  words: s.words,
  confidence: s.confidence,
  speaker: s.speaker,
});
