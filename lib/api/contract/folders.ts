/**
 * /api/folders (a workspace's folders) and /api/transcriptions/{id}/location: the answers the
 * dashboard checks, and the bodies the server validates with these sentences (zod/mini: small
 * in the bundle).
 */
import * as z from "zod/mini";
import { nameField } from "./name-field";

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

/** Longer than any id we make (UUIDs, Better Auth's ids): a longer one names nothing, and is refused before any lookup. */
const ID_MAX = 100;

const FolderName = nameField(FOLDER_NAME_MAX, {
  empty: "Give the folder a name.",
  missing: "Give the folder a name.",
  tooLong: `A folder's name must be ${FOLDER_NAME_MAX} characters or fewer.`,
});

/** `POST /api/folders` (in the request's workspace) and `PATCH /api/folders/{id}` (a rename). */
export const FolderBody = z.object({ name: FolderName });
export type FolderBody = z.infer<typeof FolderBody>;

const nullableId = (what: string) =>
  z.nullable(z.string({ error: `${what} must be an id or null.` }).check(z.maxLength(ID_MAX, `${what} must be an id or null.`)));

/**
 * `PATCH /api/transcriptions/{id}/location`: where the transcription goes — a workspace (or
 * null: the caller's personal space) and a folder of that workspace (or null: unfiled).
 */
export const LocationBody = z.object({
  workspace_id: nullableId("workspace_id"),
  folder_id: z._default(nullableId("folder_id"), null),
});
export type LocationBody = z.infer<typeof LocationBody>;
