/**
 * The admin panel's calls to /api/admin (same origin, cookies). Every call resolves to a
 * result instead of throwing, so each screen decides how to word a failure (spec §8).
 */
import type {
  AdminLanguageTier,
  AdminPlan,
  AdminSetting,
  AdminUser,
  AdminUserPage,
  AuditLogPage,
  SubscriptionHistory,
} from "@/lib/admin/api-types";
import { withPlanLists } from "@/lib/billing/list-field";

const BASE = "/api/admin";

/**
 * `status` is the HTTP status; 0 means no answer came back at all (fetch itself threw) and
 * `text` is then the error's message. Otherwise `text` is the `detail` of a JSON error body,
 * else the raw body.
 */
export type ApiFailure = { ok: false; status: number; text: string };
export type ApiResult<T> = { ok: true; data: T } | ApiFailure;

function detailOf(raw: string): string {
  try {
    const body: unknown = JSON.parse(raw);
    if (body && typeof body === "object" && "detail" in body && typeof body.detail === "string") return body.detail;
  } catch {
    // Not JSON (a proxy's HTML page, say): the raw text is the most useful thing to show.
  }
  return raw;
}

async function call<T>(path: string, init: RequestInit = {}): Promise<ApiResult<T>> {
  let res: Response;
  try {
    res = await fetch(`${BASE}${path}`, {
      ...init,
      credentials: "include",
      cache: "no-store",
      headers: init.body === undefined ? undefined : { "content-type": "application/json" },
    });
  } catch (error) {
    return { ok: false, status: 0, text: error instanceof Error ? error.message : String(error) };
  }
  let raw = "";
  try {
    raw = await res.text();
  } catch {
    // A body that breaks off mid-way reads as empty; the status still tells what happened.
  }
  if (!res.ok) return { ok: false, status: res.status, text: detailOf(raw) || res.statusText || "" };
  try {
    return { ok: true, data: JSON.parse(raw) as T };
  } catch {
    return { ok: false, status: res.status, text: "The server's answer was not valid JSON." };
  }
}

function send<T>(method: "PATCH" | "DELETE", path: string, body?: unknown): Promise<ApiResult<T>> {
  return call<T>(path, { method, body: body === undefined ? undefined : JSON.stringify(body) });
}

function query(params: Record<string, string | number>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== "") search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : "";
}

export interface UserFilters {
  q: string;
  plan: string;
  status: string;
  active: string;
  verified: string;
}

export function fetchUsers(filters: UserFilters, page: number, pageSize: number) {
  return call<AdminUserPage>(`/users${query({ ...filters, page, page_size: pageSize })}`);
}

export function setUserActive(id: string, isActive: boolean) {
  return send<{ user: AdminUser }>("PATCH", `/users/${encodeURIComponent(id)}`, { is_active: isActive });
}

export function deleteUser(id: string) {
  return send<{ deleted: { id: string; name: string; email: string } }>("DELETE", `/users/${encodeURIComponent(id)}`);
}

export function fetchSubscriptionHistory(id: string) {
  return call<SubscriptionHistory>(`/users/${encodeURIComponent(id)}/subscription-history`);
}

export async function fetchPlans(): Promise<ApiResult<AdminPlan[]>> {
  const result = await call<{ plans: AdminPlan[] }>("/plans");
  return result.ok ? { ok: true, data: (result.data.plans ?? []).map(withPlanLists) } : result;
}

/** Spec §7's PATCH /admin/plans/{id} fields (plus hours_per_month). */
export type PlanUpdate = Omit<AdminPlan, "id" | "checkout_enabled" | "language_count" | "is_default" | "rank" | "in_onboarding_modal">;

export async function updatePlan(id: string, update: PlanUpdate): Promise<ApiResult<AdminPlan>> {
  const result = await send<{ plan: AdminPlan }>("PATCH", `/plans/${encodeURIComponent(id)}`, update);
  return result.ok ? { ok: true, data: withPlanLists(result.data.plan) } : result;
}

export async function fetchLanguageTiers(): Promise<ApiResult<AdminLanguageTier[]>> {
  const result = await call<{ tiers: AdminLanguageTier[] }>("/language-tiers");
  return result.ok ? { ok: true, data: result.data.tiers ?? [] } : result;
}

export async function updateLanguageTier(
  id: string,
  update: { description: string; languages: Record<string, string> },
): Promise<ApiResult<AdminLanguageTier>> {
  const result = await send<{ tier: AdminLanguageTier }>("PATCH", `/language-tiers/${encodeURIComponent(id)}`, update);
  return result.ok ? { ok: true, data: result.data.tier } : result;
}

export async function fetchSettings(): Promise<ApiResult<AdminSetting[]>> {
  const result = await call<{ settings: AdminSetting[] }>("/settings");
  return result.ok ? { ok: true, data: result.data.settings ?? [] } : result;
}

export async function updateSetting(key: string, update: { value: string; description: string }): Promise<ApiResult<AdminSetting>> {
  const result = await send<{ setting: AdminSetting }>("PATCH", `/settings/${encodeURIComponent(key)}`, update);
  return result.ok ? { ok: true, data: result.data.setting } : result;
}

export function fetchAuditLog(q: string, page: number, pageSize: number) {
  return call<AuditLogPage>(`/audit-log${query({ q, page, page_size: pageSize })}`);
}
