/** Whether PostgreSQL (or PGlite) failed with this SQLSTATE, on the error or the driver's error it wraps. */
function failedWith(error: unknown, code: string): boolean {
  const cause = (error as { cause?: { code?: string }; code?: string }) ?? {};
  return cause.code === code || cause.cause?.code === code;
}

/** True for PostgreSQL's (and PGlite's) unique violation: two writes raced past a check, and the index held. */
export function isUniqueViolation(error: unknown): boolean {
  return failedWith(error, "23505");
}

/** True for a foreign-key violation: the row referred to was deleted meanwhile. */
export function isForeignKeyViolation(error: unknown): boolean {
  return failedWith(error, "23503");
}
