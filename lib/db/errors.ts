/** True for PostgreSQL's (and PGlite's) unique violation: two writes raced past a check, and the index held. */
export function isUniqueViolation(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string }; code?: string }) ?? {};
  return cause.code === "23505" || cause.cause?.code === "23505";
}
