/**
 * /api/admin/* (spec §3 field names): the answers the admin panel checks, and the queries and
 * bodies the server validates with these sentences (zod/mini: small in the bundle).
 */
import * as z from "zod/mini";
import { FEATURE_LABELS, isFeatureKey } from "@/lib/billing/features";
import { BILLING_INTERVALS, SUBSCRIPTION_STATUSES } from "@/lib/billing/subscription-types";
import { oneLine } from "@/lib/text/one-line";
import { ApiUser } from "./account";
import { ApiLanguageTier, StoredPlan } from "./billing";
import { parseCommaList, parseLanguageLines } from "./list-text";
import { nameField } from "./name-field";

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

const MAX_QUERY_LENGTH = 200;
const DEFAULT_PAGE_SIZE = 25;
const MAX_PAGE_SIZE = 100;

/** `?page=&page_size=` of the paged lists (users, audit log). */
export const PageQuery = z.object({
  page: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(1_000_000)), 1),
  page_size: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(MAX_PAGE_SIZE)), DEFAULT_PAGE_SIZE),
});

const STATUS_FILTERS = [...SUBSCRIPTION_STATUSES, "none"] as const;

const yesNo = (name: string) =>
  z.nullable(
    z.pipe(
      z.enum(["true", "false"], { error: `The "${name}" filter must be true or false.` }),
      z.transform((value: "true" | "false") => value === "true"),
    ),
  );

/**
 * `GET /api/admin/users?q=&plan=&status=&active=&verified=`; null is "any". Each message
 * names its filter, so the server sends it without a "field:" prefix.
 */
export const UserFilterQuery = z.object({
  /** substring of the email or the name, any case; "" for all */
  q: z.string().check(z.trim(), z.maxLength(MAX_QUERY_LENGTH, { error: `The search text "q" must be at most ${MAX_QUERY_LENGTH} characters long.` })),
  /** the plan shown in the list (the default plan includes users who never subscribed) */
  plan: z.nullable(z.string().check(z.regex(/^[\w-]{1,40}$/, { error: 'The "plan" filter must be a plan id (letters, digits, "_" or "-", at most 40).' }))),
  /** "none": never had a subscription */
  status: z.nullable(z.enum(STATUS_FILTERS, { error: `The "status" filter must be one of ${STATUS_FILTERS.join(", ")}.` })),
  active: yesNo("active"),
  verified: yesNo("verified"),
});

/** Spec §7's `PATCH /api/admin/users/{id}`. */
export const UserPatchBody = z.object({ is_active: z.boolean({ error: "Say whether the user is active: true or false." }) });

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

const PLAN_AMOUNT_MAX = 1_000_000;

const amount = (what: string) =>
  z
    .number({ error: `${what} must be a number.` })
    .check(
      z.gte(0, `${what} must be 0 or more.`),
      z.lte(PLAN_AMOUNT_MAX, `${what} must be ${PLAN_AMOUNT_MAX} or less.`),
      z.refine(hasCents, `${what} can have at most 2 decimal places.`),
    );

/** A list typed comma-separated, or sent as an array: trimmed, empty items dropped. */
const listField = z.pipe(
  z.union([z.string(), z.array(z.string())]),
  z.transform((value: string | string[]) => parseCommaList(Array.isArray(value) ? value.join(",") : value)),
);

const featureList = listField.check(
  z.refine((keys) => keys.every(isFeatureKey), {
    error: (issue) => {
      const unknown = (issue.input as string[]).filter((key) => !isFeatureKey(key));
      return `Unknown feature key ${unknown.map((k) => `"${k}"`).join(", ")}. Known keys: ${Object.keys(FEATURE_LABELS).join(", ")}.`;
    },
  }),
);

const stripePriceId = (what: string) =>
  z.nullable(
    z
      .pipe(
        z.string().check(z.trim(), z.maxLength(255, `${what} must be 255 characters or fewer.`)),
        z.transform((value: string) => value || null),
      )
      .check(z.refine((value) => value === null || /^price_\w+$/.test(value), `${what} must be a Stripe price id (price_…) or empty.`)),
  );

/** Spec §7's `PATCH /api/admin/plans/{id}` fields (plus hours_per_month); each is optional. */
export const PlanPatchBody = z.object({
  name: z.optional(nameField(60, { empty: "The plan name cannot be empty.", tooLong: "The plan name must be 60 characters or fewer." })),
  description: z.optional(z.string().check(z.trim(), z.maxLength(500, "The description must be 500 characters or fewer."))),
  price_monthly: z.optional(amount("The monthly price")),
  price_annual: z.optional(amount("The annual price")),
  hours_per_month: z.optional(z.nullable(amount("Hours per month"))),
  features: z.optional(featureList),
  excluded_features: z.optional(featureList),
  language_tiers: z.optional(listField),
  is_popular: z.optional(z.boolean({ error: "Say whether the plan is marked popular: true or false." })),
  is_active: z.optional(z.boolean({ error: "Say whether the plan is active: true or false." })),
  per_seat: z.optional(z.boolean({ error: "Say whether the plan is priced per seat: true or false." })),
  stripe_price_id_monthly: z.optional(stripePriceId("The monthly Stripe price id")),
  stripe_price_id_annual: z.optional(stripePriceId("The annual Stripe price id")),
});
/** As the server applies it (lists parsed, empty price ids null). */
export type PlanPatch = z.output<typeof PlanPatchBody>;
/** As a client sends it. */
export type PlanPatchInput = z.input<typeof PlanPatchBody>;

// ---- Language tiers ------------------------------------------------------------------

export const AdminLanguageTier = z.extend(ApiLanguageTier, { updated_at: isoDate });
export type AdminLanguageTier = z.infer<typeof AdminLanguageTier>;

export const AdminTiersAnswer = z.object({ tiers: z.array(AdminLanguageTier) });
export const AdminTierAnswer = z.object({ tier: AdminLanguageTier });

/** ISO 639-1 (or -2/-3 where there is no two-letter code), optionally with a region: en, haw, pt-BR. */
const LANGUAGE_CODE = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/;

/** Names kept on one line (lib/text/one-line); entries lacking a code or a name are dropped, as they are when typed line by line. */
function normaliseMap(map: Record<string, string>): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [code, name] of Object.entries(map)) {
    const shown = oneLine(name);
    if (code.trim() && shown) result[code.trim()] = shown;
  }
  return result;
}

const languagesField = z
  .pipe(
    z.union([z.string(), z.record(z.string(), z.string())]),
    z.transform((value: string | Record<string, string>) => normaliseMap(typeof value === "string" ? parseLanguageLines(value) : value)),
  )
  .check(
    z.refine((map) => Object.keys(map).length > 0, "A tier needs at least one language."),
    z.refine((map) => Object.keys(map).length <= 500, "A tier holds at most 500 languages."),
    z.superRefine((map, ctx) => {
      const bad = Object.keys(map).filter((code) => !LANGUAGE_CODE.test(code));
      if (bad.length) ctx.addIssue({ code: "custom", message: `Not a language code (ISO 639-1, e.g. en): ${bad.map((c) => `"${c}"`).join(", ")}.` });
      const long = Object.values(map).filter((name) => name.length > 100);
      if (long.length) ctx.addIssue({ code: "custom", message: "A language name must be 100 characters or fewer." });
    }),
  );

/** Spec §7's `PATCH /api/admin/language-tiers/{id}`: description, languages (a map, or "code: Name" lines). */
export const TierPatchBody = z.object({
  description: z.optional(
    nameField(200, { empty: "The description cannot be empty.", tooLong: "The description must be 200 characters or fewer." }),
  ),
  languages: z.optional(languagesField),
});
export type TierPatch = z.output<typeof TierPatchBody>;

// ---- Settings ------------------------------------------------------------------------

export const AdminSetting = z.object({ key: z.string(), value: z.string(), description: z.string(), updated_at: isoDate });
export type AdminSetting = z.infer<typeof AdminSetting>;

export const AdminSettingsAnswer = z.object({ settings: z.array(AdminSetting) });
export const AdminSettingAnswer = z.object({ setting: AdminSetting });

/** Spec §7's `PATCH /api/admin/settings/{key}`: the key is the path and cannot be changed. */
export const SettingPatchBody = z.object({
  value: z.pipe(z.union([z.string(), z.number(), z.boolean()]), z.transform(String)),
  description: z.optional(z.string().check(z.trim(), z.maxLength(500))),
});
export type SettingPatch = z.output<typeof SettingPatchBody>;

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

/** `GET /api/admin/jobs?kind=&state=&page=&page_size=`; a filter left out is "any". */
export const JobListQuery = z.extend(PageQuery, {
  kind: z.optional(z.enum(JOB_KIND_VALUES, { error: `The "kind" filter must be one of ${JOB_KIND_VALUES.join(", ")}.` })),
  state: z.optional(z.enum(JOB_STATE_VALUES, { error: `The "state" filter must be one of ${JOB_STATE_VALUES.join(", ")}.` })),
});

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
