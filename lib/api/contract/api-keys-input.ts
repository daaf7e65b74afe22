/** Bodies of /api/api-keys, validated by the server with these sentences. */
import { z } from "zod";
import { API_KEY_SCOPE_VALUES } from "./api-keys";
import { nameField } from "./name-field";

const API_KEY_NAME_MAX = 60;

/** `POST /api/api-keys`: a name to recognise the key by, and what it may do. */
export const CreateApiKeyBody = z.object({
  name: nameField(API_KEY_NAME_MAX, {
    empty: "Give the key a name.",
    missing: "Give the key a name.",
    tooLong: `The key's name must be ${API_KEY_NAME_MAX} characters or fewer.`,
  }),
  scope: z.enum(API_KEY_SCOPE_VALUES, { error: 'Choose a scope: "read" or "write".' }),
});
export type CreateApiKeyBody = z.infer<typeof CreateApiKeyBody>;
