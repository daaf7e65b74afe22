import { env } from "@/lib/env";

/** The operator allow-list from OPERATOR_EMAILS (comma-separated, case-insensitive). */
export function operatorEmails(raw: string = env().OPERATOR_EMAILS): Set<string> {
  return new Set(
    raw
      .split(",")
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean),
  );
}

/** Access to /admin and /api/admin/* is decided here, never by the stored is_admin flag. */
export function isOperator(email: string | null | undefined): boolean {
  return Boolean(email) && operatorEmails().has(email!.trim().toLowerCase());
}
