const NAME_MAX_LENGTH = 100;

export type NameProblem = "NAME_MISSING" | "NAME_TOO_LONG" | "NAME_INVALID";

/** A display name: present, at most 100 characters, one line, no links. */
export function nameProblem(name: string): NameProblem | null {
  const trimmed = name.trim();
  if (!trimmed) return "NAME_MISSING";
  if (trimmed.length > NAME_MAX_LENGTH) return "NAME_TOO_LONG";
  if (/[\u0000-\u001f\u007f<>]|https?:|www\.|:\/\//i.test(trimmed)) return "NAME_INVALID";
  return null;
}
