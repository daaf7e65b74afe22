/**
 * Answers of /api/admin/* (spec §3 field names), as the admin panel checks them (zod/mini:
 * small in the bundle); the queries and bodies the server validates are in ./admin-input.ts.
 */
import * as z from "zod/mini";
import { BILLING_INTERVALS, SUBSCRIPTION_STATUSES } from "@/lib/billing/subscription-types";
import { ApiUser } from "./account";
import { ApiLanguageTier, StoredPlan } from "./billing";

const isoDate = z.string();
const SubscriptionStatus = z.enum(SUBSCRIPTION_STATUSES);
const BillingInterval = z.enum(BILLING_INTERVALS);

// ---- Users ---------------------------------------------------------------------------

/** Spec §3 user fields plus the admin list's plan and subscription fields. */
export const AdminUser = z.extend(ApiUser, {
  is_active: z.boolean(),
  /** on the OPERATOR_EMAILS allow-list */
  is_operator: z.boolean(),
  created_at: isoDate,
  plan_id: z.string(),
  plan_name: z.string(),
  subscription_status: z.nullable(SubscriptionStatus),
  trial_end: z.nullable(isoDate),
  billing_interval: z.nullable(BillingInterval),
});
export type AdminUser = z.infer<typeof AdminUser>;

export const AdminUserPage = z.object({ users: z.array(AdminUser), total: z.number(), page: z.number(), page_size: z.number() });
export type AdminUserPage = z.infer<typeof AdminUserPage>;

export const AdminUserAnswer = z.object({ user: AdminUser });

export const DeletedUser = z.object({ id: z.string(), name: z.string(), email: z.string() });
export type DeletedUser = z.infer<typeof DeletedUser>;
/** `DELETE /api/admin/users/{id}`: who was deleted (the server's name and email). */
export const DeleteUserAnswer = z.object({ deleted: DeletedUser });

const AdminSubscription = z.object({
  id: z.string(),
  plan_id: z.string(),
  plan_name: z.string(),
  status: SubscriptionStatus,
  billing_interval: BillingInterval,
  provider: z.enum(["stripe", "demo"]),
  stripe_subscription_id: z.nullable(z.string()),
  created_at: isoDate,
  updated_at: isoDate,
  current_period_end: z.nullable(isoDate),
  trial_end: z.nullable(isoDate),
  cancel_at_period_end: z.boolean(),
  scheduled_plan_change: z.nullable(z.object({ plan_id: z.string(), billing_interval: BillingInterval, effective_at: isoDate })),
});
export type AdminSubscription = z.infer<typeof AdminSubscription>;

const AdminBillingEvent = z.object({
  id: z.string(),
  event_type: z.string(),
  plan_id: z.nullable(z.string()),
  billing_interval: z.nullable(BillingInterval),
  description: z.string(),
  stripe_subscription_id: z.nullable(z.string()),
  created_at: isoDate,
});
export type AdminBillingEvent = z.infer<typeof AdminBillingEvent>;

/** `GET /api/admin/users/{id}/subscription-history`. */
export const SubscriptionHistory = z.object({
  user: AdminUser,
  subscriptions: z.array(AdminSubscription),
  billing_history: z.array(AdminBillingEvent),
});
export type SubscriptionHistory = z.infer<typeof SubscriptionHistory>;

// ---- Plans ---------------------------------------------------------------------------

/** Every plan field, inactive plans included (the stored plan shape). */
export const AdminPlan = StoredPlan;
export type AdminPlan = z.output<typeof AdminPlan>;

export const AdminPlansAnswer = z.object({ plans: z.array(AdminPlan) });
export const AdminPlanAnswer = z.object({ plan: AdminPlan });

/**
 * Whole cents, as the database keeps them: 15, 15.5 and 15.99 pass; 15.999 does not
 * (floating point tolerated). The rule of every plan amount, for the API and the plan form.
 */
export const hasCents = (value: number) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6;

// ---- Language tiers ------------------------------------------------------------------

export const AdminLanguageTier = z.extend(ApiLanguageTier, { updated_at: isoDate });
export type AdminLanguageTier = z.infer<typeof AdminLanguageTier>;

export const AdminTiersAnswer = z.object({ tiers: z.array(AdminLanguageTier) });
export const AdminTierAnswer = z.object({ tier: AdminLanguageTier });

// ---- Settings ------------------------------------------------------------------------

export const AdminSetting = z.object({ key: z.string(), value: z.string(), description: z.string(), updated_at: isoDate });
export type AdminSetting = z.infer<typeof AdminSetting>;

export const AdminSettingsAnswer = z.object({ settings: z.array(AdminSetting) });
export const AdminSettingAnswer = z.object({ setting: AdminSetting });

// ---- Audit log -----------------------------------------------------------------------

const AuditLogEntry = z.object({
  id: z.string(),
  actor_id: z.string(),
  actor_email: z.string(),
  action: z.string(),
  target_type: z.string(),
  target_id: z.string(),
  summary: z.string(),
  before: z.nullable(z.record(z.string(), z.unknown())),
  after: z.nullable(z.record(z.string(), z.unknown())),
  created_at: isoDate,
});
export type AuditLogEntry = z.infer<typeof AuditLogEntry>;

/** `GET /api/admin/audit-log?q=&page=&page_size=`: newest first. */
export const AuditLogPage = z.object({ entries: z.array(AuditLogEntry), total: z.number(), page: z.number(), page_size: z.number() });
export type AuditLogPage = z.infer<typeof AuditLogPage>;

// ---- Jobs ----------------------------------------------------------------------------

/** The job kinds and the states the queue is filtered by ("stuck": running, its lease run out). */
export const JOB_KIND_VALUES = ["transcribe", "format", "mail", "live", "webhook"] as const;
export const JOB_STATE_VALUES = ["queued", "running", "stuck", "done", "failed", "canceled"] as const;
const JobKind = z.enum(JOB_KIND_VALUES);

export const AdminJob = z.object({
  id: z.string(),
  kind: JobKind,
  status: z.enum(["queued", "running", "done", "failed", "canceled"]),
  stuck: z.boolean(),
  user: z.nullable(z.object({ id: z.string(), email: z.string() })),
  file: z.nullable(z.object({ id: z.string(), title: z.string() })),
  attempts: z.number(),
  max_attempts: z.number(),
  /** the worker holding it */
  worker: z.nullable(z.string()),
  last_error: z.nullable(z.string()),
  created_at: isoDate,
  started_at: z.nullable(isoDate),
  finished_at: z.nullable(isoDate),
  /** whether an operator may retry it (failed or canceled, and its kind can be queued again) */
  can_retry: z.boolean(),
  /** whether an operator may cancel it (queued or running, and its kind can be canceled) */
  can_cancel: z.boolean(),
});
export type AdminJob = z.infer<typeof AdminJob>;

const StateCounts = z.object({ queued: z.number(), running: z.number(), stuck: z.number(), done: z.number(), failed: z.number(), canceled: z.number() });

/** `GET /api/admin/jobs?kind=&state=&page=&page_size=`: newest first, and every kind's count in each state. */
export const AdminJobPage = z.object({
  jobs: z.array(AdminJob),
  total: z.number(),
  page: z.number(),
  page_size: z.number(),
  counts: z.object({ transcribe: StateCounts, format: StateCounts, mail: StateCounts, live: StateCounts, webhook: StateCounts }),
});
export type AdminJobPage = z.infer<typeof AdminJobPage>;

/** `POST /api/admin/jobs/{id}/retry` and `…/cancel`: the job as it is now. */
export const AdminJobAnswer = z.object({ job: AdminJob });

/** `POST /api/admin/model-download/retry`: the workers asked to download again. */
export const ModelRetryAnswer = z.object({ workers: z.array(z.string()) });
