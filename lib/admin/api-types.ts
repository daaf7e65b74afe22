/**
 * The admin API's JSON shapes (spec §3 field names), shared by the route handlers and the
 * panel in the browser. Types only, so the client bundle carries no server code.
 */
import type { ApiUser } from "@/lib/auth/session";
import type { ApiPlan } from "@/lib/billing/plans";

export type SubscriptionStatus = "active" | "trialing" | "canceled" | "past_due" | "unpaid";
type BillingInterval = "monthly" | "annual";

/** Spec §3 user fields plus the admin list's plan and subscription fields. */
export interface AdminUser extends ApiUser {
  is_active: boolean;
  /** on the OPERATOR_EMAILS allow-list */
  is_operator: boolean;
  created_at: string;
  plan_id: string;
  plan_name: string;
  subscription_status: SubscriptionStatus | null;
  trial_end: string | null;
  billing_interval: BillingInterval | null;
}

export interface AdminUserPage {
  users: AdminUser[];
  total: number;
  page: number;
  page_size: number;
}

export interface AdminSubscription {
  id: string;
  plan_id: string;
  plan_name: string;
  status: SubscriptionStatus;
  billing_interval: BillingInterval;
  provider: "stripe" | "demo";
  stripe_subscription_id: string | null;
  created_at: string;
  updated_at: string;
  current_period_end: string | null;
  trial_end: string | null;
  cancel_at_period_end: boolean;
  scheduled_plan_change: { plan_id: string; billing_interval: BillingInterval; effective_at: string } | null;
}

export interface AdminBillingEvent {
  id: string;
  event_type: string;
  plan_id: string | null;
  billing_interval: BillingInterval | null;
  description: string;
  stripe_subscription_id: string | null;
  created_at: string;
}

export interface SubscriptionHistory {
  user: AdminUser;
  subscriptions: AdminSubscription[];
  billing_history: AdminBillingEvent[];
}

export type AdminPlan = ApiPlan;

export interface AdminLanguageTier {
  id: string;
  description: string;
  languages: Record<string, string>;
  updated_at: string;
}

export interface AdminSetting {
  key: string;
  value: string;
  description: string;
  updated_at: string;
}

export interface AuditLogEntry {
  id: string;
  actor_id: string;
  actor_email: string;
  action: string;
  target_type: string;
  target_id: string;
  summary: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  created_at: string;
}

export interface AuditLogPage {
  entries: AuditLogEntry[];
  total: number;
  page: number;
  page_size: number;
}
