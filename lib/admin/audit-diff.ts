/**
 * Audit entries, written and read with one comparison: two values are the same when their
 * compact JSON is (entries hold API shapes, built the same way on both sides). Used by the
 * server to record what an edit changed and by the audit log tab to show it.
 */
const jsonOf = (value: unknown): string => JSON.stringify(value) ?? "null";

export interface FieldChanges {
  before: Record<string, unknown>;
  after: Record<string, unknown>;
  /** the keys whose values differ, in the order of `after` */
  keys: string[];
}

/** The fields of `after` whose values differ from `before`: what an audit entry records. */
export function changedFields(before: Record<string, unknown>, after: Record<string, unknown>): FieldChanges {
  const changes: FieldChanges = { before: {}, after: {}, keys: [] };
  for (const [key, value] of Object.entries(after)) {
    if (jsonOf(before[key]) === jsonOf(value)) continue;
    changes.before[key] = before[key] ?? null;
    changes.after[key] = value;
    changes.keys.push(key);
  }
  return changes;
}

/** What a stored entry changed, for display: each key whose sides differ, as compact JSON. */
export interface AuditChange {
  key: string;
  /** JSON text, or null when the key is absent on that side */
  before: string | null;
  after: string | null;
}

function side(record: Record<string, unknown> | null, key: string): string | null {
  return record && Object.hasOwn(record, key) ? jsonOf(record[key]) : null;
}

export function auditChanges(before: Record<string, unknown> | null, after: Record<string, unknown> | null): AuditChange[] {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return keys
    .map((key) => ({ key, before: side(before, key), after: side(after, key) }))
    .filter((change) => change.before !== change.after);
}
