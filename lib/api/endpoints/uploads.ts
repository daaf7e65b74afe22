import { OkAnswer } from "../contract/common";
import { ApiTranscription } from "../contract/transcriptions";
import { DirectUploadAnswer, PartAddresses } from "../contract/uploads";
import { PartReceipt, SignParts, StartDirectUpload } from "../contract/uploads-input";
import { endpoint } from "../endpoint";

export const completeDirectUpload = endpoint({ method: "POST", path: "/api/direct-uploads/{id}/complete", answer: ApiTranscription, status: 201 });
export const recordDirectUploadPart = endpoint({ method: "PUT", path: "/api/direct-uploads/{id}/parts/{number}", body: PartReceipt, answer: OkAnswer });
export const signDirectUploadParts = endpoint({ method: "POST", path: "/api/direct-uploads/{id}/parts", body: SignParts, answer: PartAddresses });
export const getDirectUpload = endpoint({ method: "GET", path: "/api/direct-uploads/{id}", answer: DirectUploadAnswer });
export const discardDirectUpload = endpoint({ method: "DELETE", path: "/api/direct-uploads/{id}", answer: OkAnswer });
export const startDirectUpload = endpoint({ method: "POST", path: "/api/direct-uploads", body: StartDirectUpload, answer: DirectUploadAnswer, status: 201 });
