/**
 * A workspace's name and the slug made from it. Pure: the new-workspace dialog checks the
 * name before it asks Better Auth, and the server's hooks can run the same rule.
 */

export const WORKSPACE_NAME_MAX = 80;

export const WORKSPACE_NAME_EMPTY = "Give the workspace a name.";
export const WORKSPACE_NAME_TOO_LONG = `A workspace's name must be ${WORKSPACE_NAME_MAX} characters or fewer.`;
export const WORKSPACE_NAME_CONTROL = "A workspace's name must be one line of text.";

/** The sentence saying what is wrong with the name, or null when it is fine. */
export function workspaceNameProblem(name: unknown): string | null {
  if (typeof name !== "string" || name.trim() === "") return WORKSPACE_NAME_EMPTY;
  if (/[\u0000-\u001f\u007f]/.test(name)) return WORKSPACE_NAME_CONTROL;
  if (name.trim().length > WORKSPACE_NAME_MAX) return WORKSPACE_NAME_TOO_LONG;
  return null;
}

const SLUG_STEM_MAX = 40;
const SUFFIX_CHARS = "abcdefghijklmnopqrstuvwxyz0123456789";

function randomSuffix(length = 6): string {
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  return Array.from(bytes, (b) => SUFFIX_CHARS[b % SUFFIX_CHARS.length]).join("");
}

/**
 * A slug for a new workspace: the name in lower-case ASCII words joined by "-", and a random
 * suffix, so two teams called "Acme" never meet on Better Auth's unique slug. Nothing shows
 * the slug; it only has to be unique and harmless in an address.
 */
export function workspaceSlug(name: string, suffix: string = randomSuffix()): string {
  const stem = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .slice(0, SLUG_STEM_MAX)
    .replace(/^-+|-+$/g, "");
  return `${stem || "workspace"}-${suffix}`;
}
