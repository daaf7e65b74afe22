import { ApiKeyList, CreateApiKeyBody, CreatedApiKey } from "../contract/api-keys";
import { OkAnswer } from "../contract/common";
import { endpoint } from "../endpoint";

export const revokeApiKey = endpoint({ method: "DELETE", path: "/api/api-keys/{id}", answer: OkAnswer });
export const listApiKeys = endpoint({ method: "GET", path: "/api/api-keys", answer: ApiKeyList });
export const createApiKey = endpoint({ method: "POST", path: "/api/api-keys", body: CreateApiKeyBody, answer: CreatedApiKey, status: 201 });
