import { OkAnswer } from "../contract/common";
import { ApiTranscription, DeletedTranscriptionList, DeleteQuery, ExportQuery, RenameBody, TranscriptionDetail, TranscriptionEventsQuery, TranscriptionList, TranscriptionListQuery, TranscriptionOptions, UploadQuery } from "../contract/transcription";
import { endpoint } from "../endpoint";

export const transcriptionOptions = endpoint({ method: "GET", path: "/api/transcription/options", answer: TranscriptionOptions });
export const transcriptionAudio = endpoint({ method: "GET", path: "/api/transcriptions/{id}/audio" });
export const cancelTranscription = endpoint({ method: "POST", path: "/api/transcriptions/{id}/cancel", answer: ApiTranscription });
export const exportTranscription = endpoint({ method: "GET", path: "/api/transcriptions/{id}/export", query: ExportQuery });
export const restoreTranscription = endpoint({ method: "POST", path: "/api/transcriptions/{id}/restore", answer: ApiTranscription });
export const getTranscription = endpoint({ method: "GET", path: "/api/transcriptions/{id}", answer: TranscriptionDetail });
export const renameTranscription = endpoint({ method: "PATCH", path: "/api/transcriptions/{id}", body: RenameBody, answer: ApiTranscription });
export const deleteTranscription = endpoint({ method: "DELETE", path: "/api/transcriptions/{id}", query: DeleteQuery, answer: OkAnswer });
export const listDeletedTranscriptions = endpoint({ method: "GET", path: "/api/transcriptions/deleted", answer: DeletedTranscriptionList });
export const transcriptionEvents = endpoint({ method: "GET", path: "/api/transcriptions/events", query: TranscriptionEventsQuery });
export const listTranscriptions = endpoint({ method: "GET", path: "/api/transcriptions", query: TranscriptionListQuery, answer: TranscriptionList });
export const uploadTranscription = endpoint({ method: "POST", path: "/api/transcriptions", query: UploadQuery, body: "raw", answer: ApiTranscription, status: 201 });
