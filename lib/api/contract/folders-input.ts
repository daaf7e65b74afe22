/** Bodies of /api/folders and /api/transcriptions/{id}/location, validated by the server with these sentences. */
import { z } from "zod";
import { FOLDER_NAME_MAX } from "./folders";
import { nameField } from "./name-field";

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
  z
    .string({ error: `${what} must be an id or null.` })
    .max(ID_MAX, `${what} must be an id or null.`)
    .nullable();

/**
 * `PATCH /api/transcriptions/{id}/location`: where the transcription goes — a workspace (or
 * null: the caller's personal space) and a folder of that workspace (or null: unfiled).
 */
export const LocationBody = z.object({
  workspace_id: nullableId("workspace_id"),
  folder_id: nullableId("folder_id").default(null),
});
export type LocationBody = z.infer<typeof LocationBody>;
