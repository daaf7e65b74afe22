import { EditsStreamQuery, PresenceBeat, SavedSegments, SegmentEdits, SegmentStructureEdit } from "../contract/transcription";
import { OkAnswer } from "../contract/common";
import { endpoint } from "../endpoint";

export const saveSegments = endpoint({ method: "PATCH", path: "/api/transcriptions/{id}/segments", body: SegmentEdits, answer: SavedSegments });
export const restructureSegments = endpoint({ method: "POST", path: "/api/transcriptions/{id}/segments", body: SegmentStructureEdit, answer: SavedSegments });
export const transcriptEdits = endpoint({ method: "GET", path: "/api/transcriptions/{id}/edits", query: EditsStreamQuery });
export const beatPresence = endpoint({ method: "POST", path: "/api/transcriptions/{id}/presence", body: PresenceBeat, answer: OkAnswer });
