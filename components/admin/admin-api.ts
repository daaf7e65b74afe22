/**
 * The admin panel's addresses and changes under /api/admin, through the one typed client:
 * every answer is checked against lib/api/contract/admin, and every call resolves to a result,
 * so each screen words its own failure (spec §8). Reads go through useAdminRead with these
 * addresses.
 */
import type * as z from "zod/mini";
import { type PlanPatchInput, type SettingPatchBody, type TierPatchBody, type UserFilterQuery, type UserPatchBody } from "@/lib/api/contract/admin";
import { call, urlOf, type ApiResult } from "@/lib/api/client";
import { addressOf } from "@/lib/api/endpoint";
import * as admin from "@/lib/api/endpoints/admin";

/**
 * The values without the empty ones (an empty filter means "any"), in their order. The paged
 * lists' routes read their queries with their own parsers (which keep their 400 sentences), so
 * their endpoints declare no query schema and the address is built from the values as they are.
 */
function given(values: Record<string, string | number>): Record<string, string | number> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== ""));
}

/** The users list's filters as the panel holds them: the API's query values, "" for any. */
export type UserFilters = Record<keyof z.input<typeof UserFilterQuery>, string>;

export const usersAddress = (filters: UserFilters, page: number, pageSize: number) =>
  addressOf(admin.adminUsers.path, {}, given({ ...filters, page, page_size: pageSize }));

export const auditLogAddress = (q: string, page: number, pageSize: number) => addressOf(admin.adminAuditLog.path, {}, given({ q, page, page_size: pageSize }));

export const workspacesAddress = (q: string, page: number, pageSize: number) => addressOf(admin.adminWorkspaces.path, {}, given({ q, page, page_size: pageSize }));

/** The queue's filters as the panel holds them ("" for any). */
export interface JobFilters {
  kind: string;
  state: string;
}

export const jobsAddress = (filters: JobFilters, page: number, pageSize: number) => addressOf(admin.adminJobs.path, {}, given({ ...filters, page, page_size: pageSize }));

export const historyAddress = (id: string) => urlOf(admin.adminSubscriptionHistory, { params: { id } });

/** A successful answer's one field, e.g. `{ plan }` → the plan. */
async function field<T, K extends keyof T>(result: Promise<ApiResult<T>>, key: K): Promise<ApiResult<T[K]>> {
  const settled = await result;
  return settled.ok ? { ok: true, data: settled.data[key] } : settled;
}

export function setUserActive(id: string, isActive: boolean) {
  const body: z.input<typeof UserPatchBody> = { is_active: isActive };
  return field(call(admin.adminUpdateUser, { params: { id }, body }), "user");
}

export function deleteUser(id: string) {
  return field(call(admin.adminDeleteUser, { params: { id } }), "deleted");
}

export function updatePlan(id: string, update: PlanPatchInput) {
  return field(call(admin.adminUpdatePlan, { params: { id }, body: update }), "plan");
}

export function updateLanguageTier(id: string, update: z.input<typeof TierPatchBody>) {
  return field(call(admin.adminUpdateTier, { params: { id }, body: update }), "tier");
}

export function updateSetting(key: string, update: z.input<typeof SettingPatchBody>) {
  return field(call(admin.adminUpdateSetting, { params: { key }, body: update }), "setting");
}

/** An operator's action on a job: `retry` (failed or canceled) or `cancel` (queued or running). */
export function jobAction(id: string, action: "retry" | "cancel") {
  return field(call(action === "retry" ? admin.adminRetryJob : admin.adminCancelJob, { params: { id } }), "job");
}

/** Asks the workers whose model download failed to try again; the ids of those asked. */
export function retryModelDownload() {
  return field(call(admin.adminRetryModelDownload), "workers");
}
