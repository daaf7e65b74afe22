import { OkAnswer } from "../contract/common";
import { CreateShareLinkBody, SharedTranscript, ShareLinkItem, ShareLinkList } from "../contract/sharing";
import { ExportQuery } from "../contract/transcription";
import { endpoint } from "../endpoint";

export const revokeShareLink = endpoint({ method: "DELETE", path: "/api/share-links/{id}", answer: OkAnswer });
export const sharedAudio = endpoint({ method: "GET", path: "/api/shared/{token}/audio" });
export const sharedExport = endpoint({ method: "GET", path: "/api/shared/{token}/export", query: ExportQuery });
export const sharedTranscript = endpoint({ method: "GET", path: "/api/shared/{token}", answer: SharedTranscript });
export const listShareLinks = endpoint({ method: "GET", path: "/api/transcriptions/{id}/share-links", answer: ShareLinkList });
export const createShareLink = endpoint({ method: "POST", path: "/api/transcriptions/{id}/share-links", body: CreateShareLinkBody, answer: ShareLinkItem, status: 201 });
