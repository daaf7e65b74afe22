/**
 * Answers of /api/folders (a workspace's folders) and of
 * /api/transcriptions/{id}/location, as the dashboard checks them (zod/mini: small in the
 * bundle); the bodies the server validates are in ./folders-input.ts.
 */
import * as z from "zod/mini";

export const FOLDER_NAME_MAX = 60;

export const ApiFolder = z.object({
  id: z.string(),
  name: z.string(),
  /** the workspace's transcriptions filed in it (not those in Recently deleted) */
  transcriptions: z.number(),
  created_at: z.string(),
});
export type ApiFolder = z.infer<typeof ApiFolder>;

/** `GET /api/folders`: the folders of the request's space, by name (none in a personal space). */
export const FolderList = z.object({ folders: z.array(ApiFolder) });
export type FolderList = z.infer<typeof FolderList>;

/** `POST /api/folders`, `PATCH /api/folders/{id}`. */
export const FolderAnswer = z.object({ folder: ApiFolder });
