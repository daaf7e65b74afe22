import { sql } from "drizzle-orm";
import { databaseHandle } from "@/lib/db/client";

export interface Health {
  status: "ok" | "degraded";
  database: { ok: boolean; kind: "pglite" | "postgres" };
}

export async function health(): Promise<Health> {
  const handle = databaseHandle();
  try {
    await handle.db.execute(sql`select 1`);
    return { status: "ok", database: { ok: true, kind: handle.kind } };
  } catch (error) {
    // Details (hosts, users) go to the server log, not to anonymous callers.
    console.error("[health] database check failed:", error);
    return { status: "degraded", database: { ok: false, kind: handle.kind } };
  }
}
