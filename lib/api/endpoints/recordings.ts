import { OkAnswer } from "../contract/common";
import { ApiRecording, ChunksAnswer, ChunksQuery, LiveEventsQuery, RecordingStartBody, StoppedRecording } from "../contract/recordings";
import { endpoint } from "../endpoint";

export const sendRecordingChunks = endpoint({ method: "POST", path: "/api/recordings/{id}/chunks", query: ChunksQuery, body: "raw", answer: ChunksAnswer });
export const recordingEvents = endpoint({ method: "GET", path: "/api/recordings/{id}/events", query: LiveEventsQuery });
export const keepRecordingAlive = endpoint({ method: "POST", path: "/api/recordings/{id}/keepalive", answer: OkAnswer });
export const stopRecording = endpoint({ method: "POST", path: "/api/recordings/{id}/stop", answer: StoppedRecording });
export const startRecording = endpoint({ method: "POST", path: "/api/recordings", body: RecordingStartBody, answer: ApiRecording, status: 201 });
