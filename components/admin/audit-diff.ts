/** What an audit entry changed: the keys whose before and after differ, as compact JSON. */
export interface AuditChange {
  key: string;
  /** JSON text, or null when the key is absent on that side */
  before: string | null;
  after: string | null;
}

function json(record: Record<string, unknown> | null, key: string): string | null {
  if (!record || !Object.hasOwn(record, key)) return null;
  return JSON.stringify(record[key]) ?? "null";
}

export function auditChanges(before: Record<string, unknown> | null, after: Record<string, unknown> | null): AuditChange[] {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return keys
    .map((key) => ({ key, before: json(before, key), after: json(after, key) }))
    .filter((change) => change.before !== change.after);
}
