/**
 * The admin panel's paths and changes under /api/admin, through the one typed client: every
 * answer is checked against lib/api/contract/admin, and every call resolves to a result, so
 * each screen words its own failure (spec §8). Reads go through useApi with these paths.
 */
import type * as z from "zod/mini";
import {
  AdminJobAnswer,
  AdminPlanAnswer,
  AdminSettingAnswer,
  AdminTierAnswer,
  AdminUserAnswer,
  DeleteUserAnswer,
  ModelRetryAnswer,
  type PlanPatchInput,
  type SettingPatchBody,
  type TierPatchBody,
  type UserFilterQuery,
  type UserPatchBody,
} from "@/lib/api/contract/admin";
import { apiCall, type ApiResult } from "@/lib/api/client";

const BASE = "/api/admin";

/** `?a=1&b=2` without the empty values (an empty filter means "any"), or "". */
function query(params: Record<string, string | number>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== "") search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : "";
}

/** The users list's filters as the panel holds them: the API's query values, "" for any. */
export type UserFilters = Record<keyof z.input<typeof UserFilterQuery>, string>;

export const PLANS_PATH = `${BASE}/plans`;
export const TIERS_PATH = `${BASE}/language-tiers`;
export const SETTINGS_PATH = `${BASE}/settings`;

export const usersPath = (filters: UserFilters, page: number, pageSize: number) =>
  `${BASE}/users${query({ ...filters, page, page_size: pageSize })}`;

export const auditLogPath = (q: string, page: number, pageSize: number) => `${BASE}/audit-log${query({ q, page, page_size: pageSize })}`;

export const workspacesPath = (q: string, page: number, pageSize: number) => `${BASE}/workspaces${query({ q, page, page_size: pageSize })}`;

/** The queue's filters as the panel holds them ("" for any). */
export interface JobFilters {
  kind: string;
  state: string;
}

export const jobsPath = (filters: JobFilters, page: number, pageSize: number) => `${BASE}/jobs${query({ ...filters, page, page_size: pageSize })}`;

const userPath = (id: string) => `${BASE}/users/${encodeURIComponent(id)}`;

export const historyPath = (id: string) => `${userPath(id)}/subscription-history`;

/** A successful answer's one field, e.g. `{ plan }` → the plan. */
async function field<T, K extends keyof T>(result: Promise<ApiResult<T>>, key: K): Promise<ApiResult<T[K]>> {
  const settled = await result;
  return settled.ok ? { ok: true, data: settled.data[key] } : settled;
}

export function setUserActive(id: string, isActive: boolean) {
  const body: z.input<typeof UserPatchBody> = { is_active: isActive };
  return field(apiCall(userPath(id), { method: "PATCH", body, answer: AdminUserAnswer }), "user");
}

export function deleteUser(id: string) {
  return field(apiCall(userPath(id), { method: "DELETE", answer: DeleteUserAnswer }), "deleted");
}

export function updatePlan(id: string, update: PlanPatchInput) {
  return field(apiCall(`${PLANS_PATH}/${encodeURIComponent(id)}`, { method: "PATCH", body: update, answer: AdminPlanAnswer }), "plan");
}

export function updateLanguageTier(id: string, update: z.input<typeof TierPatchBody>) {
  return field(apiCall(`${TIERS_PATH}/${encodeURIComponent(id)}`, { method: "PATCH", body: update, answer: AdminTierAnswer }), "tier");
}

export function updateSetting(key: string, update: z.input<typeof SettingPatchBody>) {
  return field(apiCall(`${SETTINGS_PATH}/${encodeURIComponent(key)}`, { method: "PATCH", body: update, answer: AdminSettingAnswer }), "setting");
}

/** An operator's action on a job: `retry` (failed or canceled) or `cancel` (queued or running). */
export function jobAction(id: string, action: "retry" | "cancel") {
  return field(apiCall(`${BASE}/jobs/${encodeURIComponent(id)}/${action}`, { method: "POST", answer: AdminJobAnswer }), "job");
}

/** Asks the workers whose model download failed to try again; the ids of those asked. */
export function retryModelDownload() {
  return field(apiCall(`${BASE}/model-download/retry`, { method: "POST", answer: ModelRetryAnswer }), "workers");
}
