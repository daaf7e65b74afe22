import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "./messages";

// The most common leaked passwords that still pass a length check.
const COMMON = new Set([
  "password", "password1", "password123", "12345678", "123456789", "1234567890",
  "qwertyuiop", "qwerty123", "iloveyou", "11111111", "00000000", "abc12345",
  "letmein1", "welcome1", "sunshine", "football", "baseball", "princess",
  "verbatim", "transcribe", "passw0rd", "admin123",
]);

/** Each rule has its own code, so the form says the rule that failed. */
export type PasswordProblem =
  | "PASSWORD_TOO_SHORT"
  | "PASSWORD_TOO_LONG"
  | "PASSWORD_COMMON"
  | "PASSWORD_FEW_CHARACTERS"
  | "PASSWORD_ONE_KIND"
  | "PASSWORD_CONTAINS_EMAIL";

/** Length plus a floor of variety: NIST-style, no arbitrary composition rules beyond that. */
export function passwordProblem(password: string, email?: string): PasswordProblem | null {
  if (password.length < PASSWORD_MIN_LENGTH) return "PASSWORD_TOO_SHORT";
  if (password.length > PASSWORD_MAX_LENGTH) return "PASSWORD_TOO_LONG";
  const lower = password.toLowerCase();
  if (COMMON.has(lower)) return "PASSWORD_COMMON";
  if (new Set(lower).size < 4) return "PASSWORD_FEW_CHARACTERS";
  if (/^[a-z]+$/i.test(password) || /^\d+$/.test(password)) return "PASSWORD_ONE_KIND";
  const local = email?.split("@")[0]?.toLowerCase();
  if (local && local.length >= 4 && lower.includes(local)) return "PASSWORD_CONTAINS_EMAIL";
  return null;
}
