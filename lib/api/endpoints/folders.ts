import { OkAnswer } from "../contract/common";
import { FolderAnswer, FolderBody, FolderList, LocationBody } from "../contract/folders";
import { ApiTranscription } from "../contract/transcription";
import { endpoint } from "../endpoint";

export const renameFolder = endpoint({ method: "PATCH", path: "/api/folders/{id}", body: FolderBody, answer: FolderAnswer });
export const deleteFolder = endpoint({ method: "DELETE", path: "/api/folders/{id}", answer: OkAnswer });
export const listFolders = endpoint({ method: "GET", path: "/api/folders", answer: FolderList });
export const createFolder = endpoint({ method: "POST", path: "/api/folders", body: FolderBody, answer: FolderAnswer, status: 201 });
export const moveTranscription = endpoint({ method: "PATCH", path: "/api/transcriptions/{id}/location", body: LocationBody, answer: ApiTranscription });
