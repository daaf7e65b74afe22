import { oneLine } from "@/lib/text/one-line";

const NAME_MAX_LENGTH = 100;

export type NameProblem = "NAME_MISSING" | "NAME_TOO_LONG" | "NAME_INVALID";

/**
 * A display name as it is kept: one line, without control or bidirectional characters
 * (lib/text/one-line). Every write of a name stores this form.
 */
export const displayName = oneLine;

/** A display name, as kept (above): present, at most 100 characters, no markup, no links. */
export function nameProblem(name: string): NameProblem | null {
  const kept = displayName(name);
  if (!kept) return "NAME_MISSING";
  if (kept.length > NAME_MAX_LENGTH) return "NAME_TOO_LONG";
  if (/[<>]|https?:|www\.|:\/\//i.test(kept)) return "NAME_INVALID";
  return null;
}
