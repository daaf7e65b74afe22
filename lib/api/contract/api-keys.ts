/**
 * /api/api-keys: the answers the developers page checks, and the body the server validates
 * with these sentences (zod/mini: small in the bundle).
 */
import * as z from "zod/mini";
import { nameField } from "./name-field";

const API_KEY_SCOPE_VALUES = ["read", "write"] as const;

/** A key as listed: never its token, which only the creation's answer carries. */
export const ApiKeyItem = z.object({
  id: z.string(),
  name: z.string(),
  /** the first 12 characters of the token (`vbt_…`), to tell keys apart */
  prefix: z.string(),
  scope: z.enum(API_KEY_SCOPE_VALUES),
  /** the workspace the key acts in; null: its user's personal space */
  workspace_id: z.nullable(z.string()),
  created_at: z.string(),
  /** to the minute: null until the key is first used */
  last_used_at: z.nullable(z.string()),
});
export type ApiKeyItem = z.infer<typeof ApiKeyItem>;

export const ApiKeyList = z.object({ api_keys: z.array(ApiKeyItem) });

/** `POST /api/api-keys`: the new key, with its token — shown this once, stored only as a hash. */
export const CreatedApiKey = z.extend(ApiKeyItem, { token: z.string() });
export type CreatedApiKey = z.infer<typeof CreatedApiKey>;

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
