/**
 * Queries and bodies of /api/admin/*, validated by the server with these sentences; the
 * panel takes their types (and the cents rule, from ./admin) without bundling this zod.
 */
import { z } from "zod";
import { parseCommaList, parseLanguageLines } from "./list-input";
import { FEATURE_LABELS, isFeatureKey } from "@/lib/billing/features";
import { SUBSCRIPTION_STATUSES } from "@/lib/billing/subscription-types";
import { oneLine } from "@/lib/text/one-line";
import { JOB_KIND_VALUES, JOB_STATE_VALUES, hasCents } from "./admin";
import { nameField } from "./name-field";

const MAX_QUERY_LENGTH = 200;
const DEFAULT_PAGE_SIZE = 25;
const MAX_PAGE_SIZE = 100;

/** `?page=&page_size=` of the paged lists (users, audit log). */
export const PageQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  page_size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});

const STATUS_FILTERS = [...SUBSCRIPTION_STATUSES, "none"] as const;

const yesNo = (name: string) =>
  z
    .enum(["true", "false"], { error: `The "${name}" filter must be true or false.` })
    .transform((value) => value === "true")
    .nullable();

/**
 * `GET /api/admin/users?q=&plan=&status=&active=&verified=`; null is "any". Each message
 * names its filter, so the server sends it without a "field:" prefix.
 */
export const UserFilterQuery = z.object({
  /** substring of the email or the name, any case; "" for all */
  q: z
    .string()
    .trim()
    .max(MAX_QUERY_LENGTH, { error: `The search text "q" must be at most ${MAX_QUERY_LENGTH} characters long.` }),
  /** the plan shown in the list (the default plan includes users who never subscribed) */
  plan: z
    .string()
    .regex(/^[\w-]{1,40}$/, { error: 'The "plan" filter must be a plan id (letters, digits, "_" or "-", at most 40).' })
    .nullable(),
  /** "none": never had a subscription */
  status: z.enum(STATUS_FILTERS, { error: `The "status" filter must be one of ${STATUS_FILTERS.join(", ")}.` }).nullable(),
  active: yesNo("active"),
  verified: yesNo("verified"),
});

/** `GET /api/admin/jobs?kind=&state=&page=&page_size=`; a filter left out is "any". */
export const JobListQuery = PageQuery.extend({
  kind: z.enum(JOB_KIND_VALUES, { error: `The "kind" filter must be one of ${JOB_KIND_VALUES.join(", ")}.` }).optional(),
  state: z.enum(JOB_STATE_VALUES, { error: `The "state" filter must be one of ${JOB_STATE_VALUES.join(", ")}.` }).optional(),
});

/** Spec §7's `PATCH /api/admin/users/{id}`. */
export const UserPatchBody = z.object({ is_active: z.boolean({ error: "Say whether the user is active: true or false." }) });

const PLAN_AMOUNT_MAX = 1_000_000;


const amount = (what: string) =>
  z
    .number({ error: `${what} must be a number.` })
    .min(0, `${what} must be 0 or more.`)
    .max(PLAN_AMOUNT_MAX, `${what} must be ${PLAN_AMOUNT_MAX} or less.`)
    .refine(hasCents, `${what} can have at most 2 decimal places.`);

/** A list typed comma-separated, or sent as an array: trimmed, empty items dropped. */
const listField = z
  .union([z.string(), z.array(z.string())])
  .transform((value) => parseCommaList(Array.isArray(value) ? value.join(",") : value));

const featureList = listField.refine((keys) => keys.every(isFeatureKey), {
  error: (issue) => {
    const unknown = (issue.input as string[]).filter((key) => !isFeatureKey(key));
    return `Unknown feature key ${unknown.map((k) => `"${k}"`).join(", ")}. Known keys: ${Object.keys(FEATURE_LABELS).join(", ")}.`;
  },
});

const stripePriceId = (what: string) =>
  z
    .string()
    .trim()
    .max(255, `${what} must be 255 characters or fewer.`)
    .transform((value) => value || null)
    .refine((value) => value === null || /^price_\w+$/.test(value), `${what} must be a Stripe price id (price_…) or empty.`)
    .nullable();

/** Spec §7's `PATCH /api/admin/plans/{id}` fields (plus hours_per_month); each is optional. */
export const PlanPatchBody = z.object({
  name: nameField(60, { empty: "The plan name cannot be empty.", tooLong: "The plan name must be 60 characters or fewer." }).optional(),
  description: z.string().trim().max(500, "The description must be 500 characters or fewer.").optional(),
  price_monthly: amount("The monthly price").optional(),
  price_annual: amount("The annual price").optional(),
  hours_per_month: amount("Hours per month").nullable().optional(),
  features: featureList.optional(),
  excluded_features: featureList.optional(),
  language_tiers: listField.optional(),
  is_popular: z.boolean({ error: "Say whether the plan is marked popular: true or false." }).optional(),
  is_active: z.boolean({ error: "Say whether the plan is active: true or false." }).optional(),
  per_seat: z.boolean({ error: "Say whether the plan is priced per seat: true or false." }).optional(),
  stripe_price_id_monthly: stripePriceId("The monthly Stripe price id").optional(),
  stripe_price_id_annual: stripePriceId("The annual Stripe price id").optional(),
});
/** As the server applies it (lists parsed, empty price ids null). */
export type PlanPatch = z.output<typeof PlanPatchBody>;
/** As a client sends it. */
export type PlanPatchInput = z.input<typeof PlanPatchBody>;

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
  .union([z.string(), z.record(z.string(), z.string())])
  .transform((value) => normaliseMap(typeof value === "string" ? parseLanguageLines(value) : value))
  .refine((map) => Object.keys(map).length > 0, "A tier needs at least one language.")
  .refine((map) => Object.keys(map).length <= 500, "A tier holds at most 500 languages.")
  .superRefine((map, ctx) => {
    const bad = Object.keys(map).filter((code) => !LANGUAGE_CODE.test(code));
    if (bad.length) ctx.addIssue({ code: "custom", message: `Not a language code (ISO 639-1, e.g. en): ${bad.map((c) => `"${c}"`).join(", ")}.` });
    const long = Object.values(map).filter((name) => name.length > 100);
    if (long.length) ctx.addIssue({ code: "custom", message: "A language name must be 100 characters or fewer." });
  });

/** Spec §7's `PATCH /api/admin/language-tiers/{id}`: description, languages (a map, or "code: Name" lines). */
export const TierPatchBody = z.object({
  description: nameField(200, { empty: "The description cannot be empty.", tooLong: "The description must be 200 characters or fewer." }).optional(),
  languages: languagesField.optional(),
});
export type TierPatch = z.output<typeof TierPatchBody>;

/** Spec §7's `PATCH /api/admin/settings/{key}`: the key is the path and cannot be changed. */
export const SettingPatchBody = z.object({
  value: z.union([z.string(), z.number(), z.boolean()]).transform(String),
  description: z.string().trim().max(500).optional(),
});
export type SettingPatch = z.output<typeof SettingPatchBody>;
