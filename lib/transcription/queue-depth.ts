import { sql } from "drizzle-orm";
import { queryRows, type Database } from "@/lib/db/client";

export interface Depth {
  queued: number;
  running: number;
}

/** Rows waiting and rows being worked on in one of the two queues. */
async function depthOf(database: Database, table: "jobs" | "transcription_pieces"): Promise<Depth> {
  const rows = await queryRows<{ status: string; n: number }>(
    database,
    sql`select status, count(*)::int as n from ${sql.identifier(table)} where status in ('queued', 'running') group by status`,
  );
  const count = (s: string) => Number(rows.find((r) => r.status === s)?.n ?? 0);
  return { queued: count("queued"), running: count("running") };
}

/** Files waiting for a worker and files being transcribed. */
export const queueDepth = (database: Database): Promise<Depth> => depthOf(database, "jobs");

/** Pieces of running long files waiting for a worker and being transcribed, on any worker. */
export const piecesDepth = (database: Database): Promise<Depth> => depthOf(database, "transcription_pieces");
