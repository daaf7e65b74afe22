/**
 * A transcription's statuses, the one list: the database schema's column and the API contract
 * the browser checks answers with both read it. It imports nothing, so the browser's bundle
 * takes only this list. `recording`: a live recording still receiving audio; it is queued when it stops.
 */
export const TRANSCRIPTION_STATUSES = ["recording", "queued", "processing", "done", "failed", "canceled"] as const;
