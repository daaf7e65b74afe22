/** Shared pieces of the admin panel's jsdom tests: a fetch stand-in and sample rows. */
import { render } from "@testing-library/react";
import type { ReactElement } from "react";
import type { AdminLanguageTier, AdminPlan, AdminSetting, AdminUser } from "@/lib/admin/api-types";
import { NoticeBanner, NoticeProvider } from "./notice";

export interface FakeCall {
  method: string;
  /** path without the query */
  path: string;
  query: URLSearchParams;
  body: unknown;
}

/** An answer: a JSON body (or raw text) with a status, an Error to throw, or a function of the call. */
export type FakeAnswer = { status?: number; body?: unknown; raw?: string } | Error;
export type FakeRoute = FakeAnswer | ((call: FakeCall) => FakeAnswer);

/**
 * Answers by "METHOD /path" (the query is ignored for matching and recorded), 404 for
 * anything else, and records every call. Only what the panel reads of a Response is given.
 */
export function fakeFetch(routes: Record<string, FakeRoute>) {
  const calls: FakeCall[] = [];
  const fn = jest.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), "http://localhost");
    const call: FakeCall = {
      method: (init.method ?? "GET").toUpperCase(),
      path: url.pathname,
      query: url.searchParams,
      body: typeof init.body === "string" ? JSON.parse(init.body) : null,
    };
    calls.push(call);
    const route = routes[`${call.method} ${call.path}`];
    const answer = typeof route === "function" ? route(call) : route;
    if (answer instanceof Error) throw answer;
    const status = answer?.status ?? (answer ? 200 : 404);
    const raw = answer ? (answer.raw ?? JSON.stringify(answer.body ?? {})) : JSON.stringify({ detail: "Not found" });
    return { ok: status >= 200 && status < 300, status, statusText: "", text: async () => raw } as Response;
  });
  global.fetch = fn as unknown as typeof fetch;
  return { fn, calls };
}

/** Renders inside the panel's notice provider, with the banner above, as the panel does. */
export function renderWithNotices(ui: ReactElement) {
  return render(
    <NoticeProvider>
      <NoticeBanner />
      {ui}
    </NoticeProvider>,
  );
}

export function adminUser(overrides: Partial<AdminUser> = {}): AdminUser {
  return {
    id: "u-ada",
    email: "ada@example.com",
    name: "Ada Lovelace",
    picture: null,
    is_admin: false,
    is_verified: true,
    is_active: true,
    is_operator: false,
    created_at: "2030-01-02T10:00:00.000Z",
    plan_id: "pro",
    plan_name: "Pro",
    subscription_status: "active",
    trial_end: null,
    billing_interval: "monthly",
    ...overrides,
  };
}

export const OPERATOR = { id: "u-op", email: "op@example.com" };

export function userPage(users: AdminUser[], total = users.length, page = 1) {
  return { users, total, page, page_size: 25 };
}

export function adminPlan(overrides: Partial<AdminPlan> = {}): AdminPlan {
  return {
    id: "pro",
    name: "Pro",
    description: "For regular use",
    price_monthly: 15,
    price_annual: 144,
    hours_per_month: 16,
    features: ["export_txt", "ai_enhanced_formatting"],
    excluded_features: ["priority_support"],
    language_tiers: ["tier1", "tier2"],
    is_popular: true,
    is_active: true,
    checkout_enabled: true,
    stripe_price_id_monthly: "price_m",
    stripe_price_id_annual: null,
    language_count: 33,
    ...overrides,
  };
}

export function languageTier(overrides: Partial<AdminLanguageTier> = {}): AdminLanguageTier {
  return {
    id: "tier1",
    description: "Major languages",
    languages: { en: "English", fr: "French" },
    updated_at: "2030-01-02T10:00:00.000Z",
    ...overrides,
  };
}

export function adminSetting(overrides: Partial<AdminSetting> = {}): AdminSetting {
  return {
    key: "max_upload_mb",
    value: "500",
    description: "Largest upload in MB",
    updated_at: "2030-01-02T10:00:00.000Z",
    ...overrides,
  };
}
