/** The admin panel's tabs and their `?tab=` values. Plain data, so the server page can read it too. */
export const ADMIN_TABS = [
  { value: "users", label: "Users" },
  { value: "workspaces", label: "Workspaces" },
  { value: "plans", label: "Plans" },
  { value: "language-tiers", label: "Language Tiers" },
  { value: "settings", label: "Settings" },
  { value: "queue", label: "Queue" },
  { value: "audit-log", label: "Audit log" },
] as const;

export type AdminTab = (typeof ADMIN_TABS)[number]["value"];

/** An unknown or missing `?tab=` opens the first tab. */
export function tabFromParam(value: string | string[] | null | undefined): AdminTab {
  const text = Array.isArray(value) ? value[0] : value;
  return ADMIN_TABS.find((tab) => tab.value === text)?.value ?? "users";
}
