import { OkAnswer } from "../contract/common";
import { ApiTranscription } from "../contract/transcription";
import { DirectUploadAnswer, PartAddresses, PartReceipt, SignParts, StartDirectUpload } from "../contract/uploads";
import { endpoint } from "../endpoint";

export const completeDirectUpload = endpoint({ method: "POST", path: "/api/direct-uploads/{id}/complete", answer: ApiTranscription, status: 201 });
export const recordDirectUploadPart = endpoint({ method: "PUT", path: "/api/direct-uploads/{id}/parts/{number}", body: PartReceipt, answer: OkAnswer });
export const signDirectUploadParts = endpoint({ method: "POST", path: "/api/direct-uploads/{id}/parts", body: SignParts, answer: PartAddresses });
export const getDirectUpload = endpoint({ method: "GET", path: "/api/direct-uploads/{id}", answer: DirectUploadAnswer });
export const discardDirectUpload = endpoint({ method: "DELETE", path: "/api/direct-uploads/{id}", answer: OkAnswer });
export const startDirectUpload = endpoint({ method: "POST", path: "/api/direct-uploads", body: StartDirectUpload, answer: DirectUploadAnswer, status: 201 });
/** tus 1.0 (lib/uploads/web/resumable-uploads): headers, not JSON, in both directions; the last PATCH answers the transcription. */
export const createResumableUpload = endpoint({ method: "POST", path: "/api/uploads", status: 201 });
export const resumableUploadOffset = endpoint({ method: "HEAD", path: "/api/uploads/{id}" });
export const appendResumableUpload = endpoint({ method: "PATCH", path: "/api/uploads/{id}", body: "raw" });
export const cancelResumableUpload = endpoint({ method: "DELETE", path: "/api/uploads/{id}", status: 204 });
export const resumableUploadOptions = endpoint({ method: "OPTIONS", path: "/api/uploads" });
