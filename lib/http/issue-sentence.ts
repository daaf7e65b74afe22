import type { z } from "zod";

/**
 * Zod's own texts ("Too big: expected string to have <=200 characters") read like code, so a
 * parse runs with this error map: zod keeps a schema's own message and gives every other issue
 * this mark, which `issueSentence` replaces by a plain sentence naming the field in words.
 */
const GENERATED = "\u0000generated";
export const PLAIN_PARSE = { error: () => GENERATED, reportInput: true } as const;

/** Field names that do not read as words once their underscores are spaces. */
const FIELD_WORDS: Record<string, string> = {
  q: "The search text",
  price_monthly: "The monthly price",
  price_annual: "The annual price",
  stripe_price_id_monthly: "The monthly Stripe price id",
  stripe_price_id_annual: "The annual Stripe price id",
  plan_id: "The plan",
  style_id: "The style",
  base_version: "The version you edited",
  email_when_done: "The e-mail setting",
  page_size: "The page size",
};

/** The field an issue is about, in words: `billing_interval` → "Billing interval"; list items count from 1. */
function fieldWords(path: readonly PropertyKey[]): string {
  const names = path.filter((key): key is string => typeof key === "string");
  const name = names.at(-1);
  if (!name) return "The request body";
  const words = FIELD_WORDS[name] ?? name.replace(/_/g, " ");
  const item = path.at(-1);
  const sentence = typeof item === "number" ? `Item ${item + 1} of ${words.toLowerCase()}` : words;
  return sentence.charAt(0).toUpperCase() + sentence.slice(1);
}

const TYPE_WORDS: Record<string, string> = {
  string: "text",
  number: "a number",
  int: "a whole number",
  boolean: "true or false",
  array: "a list",
  object: "an object",
  record: "an object",
  date: "a date",
};

const FORMAT_WORDS: Record<string, string> = {
  email: "a valid e-mail address",
  url: "a valid web address",
  uuid: "a valid id",
  datetime: "a date and time",
  date: "a date",
};

/** "a", "b" → "a or b"; three or more: "a, b, or c" (the comma keeps "true or false" whole). */
const orList = (list: readonly string[]) =>
  list.length > 2 ? `${list.slice(0, -1).join(", ")}, or ${list.at(-1)}` : list.join(" or ");

const quoted = (values: readonly unknown[]) => orList(values.map((v) => JSON.stringify(v)));

/** A union every option of which refused the value's type: the types it takes, in words. */
function unionTypes(issue: z.core.$ZodIssue): string | null {
  if (issue.code !== "invalid_union" || issue.errors.length === 0) return null;
  const words = issue.errors.map((option) => (option.length === 1 && option[0].code === "invalid_type" ? TYPE_WORDS[option[0].expected] : undefined));
  return words.every((w) => w !== undefined) ? orList(words) : null;
}

const characters = (n: number | bigint) => `${n} character${n === 1 ? "" : "s"}`;

/** One issue as a sentence a customer understands, e.g. "Title must be 200 characters or fewer." */
function plainSentence(issue: z.core.$ZodIssue): string {
  const field = fieldWords(issue.path);
  switch (issue.code) {
    case "invalid_type":
      if (issue.path.length === 0) return "The request body must be a JSON object.";
      if (issue.input === undefined) return `${field} is required.`;
      return `${field} must be ${TYPE_WORDS[issue.expected] ?? issue.expected}.`;
    case "too_small":
      if (issue.origin === "string") return issue.minimum === 1 ? `${field} cannot be empty.` : `${field} must be at least ${characters(issue.minimum)}.`;
      if (issue.origin === "array" || issue.origin === "set") return `${field} needs at least ${issue.minimum} item${issue.minimum === 1 ? "" : "s"}.`;
      return issue.inclusive === false ? `${field} must be more than ${issue.minimum}.` : `${field} must be ${issue.minimum} or more.`;
    case "too_big":
      if (issue.origin === "string") return `${field} must be ${characters(issue.maximum)} or fewer.`;
      if (issue.origin === "array" || issue.origin === "set") return `${field} can have at most ${issue.maximum} items.`;
      return issue.inclusive === false ? `${field} must be less than ${issue.maximum}.` : `${field} must be ${issue.maximum} or less.`;
    case "invalid_union":
      if (issue.input === undefined) return `${field} is required.`;
      return `${field} ${unionTypes(issue) ? `must be ${unionTypes(issue)}` : "is not valid"}.`;
    case "invalid_value":
      return `${field} must be ${quoted(issue.values)}.`;
    case "invalid_format":
      return FORMAT_WORDS[issue.format] ? `${field} must be ${FORMAT_WORDS[issue.format]}.` : `${field} is not in the expected format.`;
    case "not_multiple_of":
      return `${field} must be a multiple of ${issue.divisor}.`;
    case "unrecognized_keys":
      return `This request does not take ${issue.keys.length === 1 ? "the field" : "the fields"} ${issue.keys.join(", ")}.`;
    default:
      return `${field} is not valid.`;
  }
}

/** The first issue of a failed parse with `PLAIN_PARSE`: the schema's own sentence, else a plain one. */
export function issueSentence(error: z.core.$ZodError, fallback: string): string {
  const issue = error.issues[0];
  if (!issue) return fallback;
  return issue.message === GENERATED ? plainSentence(issue) : issue.message;
}
