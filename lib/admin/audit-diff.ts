import { isDeepStrictEqual } from "node:util";

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
    if (isDeepStrictEqual(before[key], value)) continue;
    changes.before[key] = before[key] ?? null;
    changes.after[key] = value;
    changes.keys.push(key);
  }
  return changes;
}
