import { z } from "zod";
import { DomainError } from "@/lib/errors/domain-error";

/**
 * Every setting operators can change, with how its stored text is parsed. Values are
 * stored as text so the admin panel edits them uniformly; each key validates its own.
 */
const intBetween = (min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, `must be a whole number from ${min} to ${max}.`)
    .transform(Number)
    .pipe(z.number().int().min(min, `must be a whole number from ${min} to ${max}.`).max(max, `must be a whole number from ${min} to ${max}.`));

const booleanText = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.enum(["true", "false"], { error: 'must be "true" or "false".' }))
  .transform((v) => v === "true");

export const SETTING_DEFINITIONS = {
  max_upload_mb: {
    // An hour of speech is 50–120 MB as audio, a few GB as video; uploads stream to disk in parts.
    schema: intBetween(1, 10_240),
    default: "2048",
    description: "Largest audio or video file a user may upload, in megabytes.",
  },
  trial_days: {
    schema: intBetween(0, 90),
    default: "7",
    description: "Days of free trial when a user first subscribes to a paid plan (0 for none).",
  },
  signup_enabled: {
    schema: booleanText,
    default: "true",
    description: "Whether new accounts can be created (true or false).",
  },
  support_email: {
    schema: z.string().trim().pipe(z.email("must be an e-mail address, such as support@example.com.")),
    default: "support@verbatim.local",
    description: "Address users write to for help (shown on the landing page's Enterprise plan).",
  },
} as const;

export type SettingKey = keyof typeof SETTING_DEFINITIONS;
export type SettingValue<K extends SettingKey> = z.output<(typeof SETTING_DEFINITIONS)[K]["schema"]>;

export function isSettingKey(key: string): key is SettingKey {
  return Object.hasOwn(SETTING_DEFINITIONS, key);
}

/** Parses a stored or submitted value; a value breaking the key's rule is `unprocessable`, in words an operator reads. */
export function parseSettingValue<K extends SettingKey>(key: K, raw: string): SettingValue<K> {
  const result = SETTING_DEFINITIONS[key].schema.safeParse(raw);
  if (!result.success) throw new DomainError("unprocessable", `${key} ${result.error.issues[0]?.message ?? "is invalid"}`);
  return result.data as SettingValue<K>;
}
