/**
 * Shared pieces of the admin panel's jsdom tests: render wrappers (a fresh SWR cache, the
 * notice banner) and sample rows (fetch: test/support/fake-fetch).
 */
import { render } from "@testing-library/react";
import type { ReactElement } from "react";
import { SWRConfig } from "swr";
import type { AdminLanguageTier, AdminPlan, AdminSetting, AdminUser } from "@/lib/api/contract/admin";
import { NoticeBanner, NoticeProvider } from "@/components/admin/notice";

/**
 * Renders with an SWR cache of its own and no deduplication, so no answer from an earlier
 * test (or an earlier request for the same address) is reused.
 */
export function renderFresh(ui: ReactElement) {
  return render(<SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>{ui}</SWRConfig>);
}

/** Renders inside the panel's notice provider, with the banner above, as the panel does. */
export function renderWithNotices(ui: ReactElement) {
  return renderFresh(
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
    per_seat: false,
    stripe_price_id_monthly: "price_m",
    stripe_price_id_annual: null,
    language_count: 33,
    is_default: false,
    rank: 1,
    in_onboarding_modal: true,
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
