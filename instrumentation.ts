/** Runs once per server start, before the first request: the database is made ready here. */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { prepareDatabase } = await import("@/lib/db/prepare");
  await prepareDatabase();
}
