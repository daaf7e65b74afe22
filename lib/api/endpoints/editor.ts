import { SavedSegments, SegmentEdits, SegmentStructureEdit } from "../contract/transcription";
import { endpoint } from "../endpoint";

export const saveSegments = endpoint({ method: "PATCH", path: "/api/transcriptions/{id}/segments", body: SegmentEdits, answer: SavedSegments });
export const restructureSegments = endpoint({ method: "POST", path: "/api/transcriptions/{id}/segments", body: SegmentStructureEdit, answer: SavedSegments });
