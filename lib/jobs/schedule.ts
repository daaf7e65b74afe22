import { sql } from "drizzle-orm";
import { queryRows, type Database } from "@/lib/db/client";
import { log, withLogContext } from "@/lib/log/logger";
import { pause } from "@/lib/process/pause";

/** Periodic work: run by one worker of the fleet once per `everyMs`. */
export interface Schedule {
  name: string;
  everyMs: number;
  run(database: Database): Promise<unknown>;
}

/** How often a worker looks whether a schedule is due. */
const TICK_MS = 1000;
/** While a run is under way its entry is held this long at least, so a slow run is not started again beside itself (a worker that dies mid-run frees it after this). */
const RUN_HOLD_MS = 60_000;

/**
 * Runs the schedules until `stopping` aborts. Each tick one statement takes the due entries
 * (their next time moved past the run) and returns them, so of several workers exactly one
 * runs each occurrence, and never two at once; the next one is due `everyMs` after the run
 * ends. A failure is logged and kept on the entry, and the next occurrence runs as usual.
 */
export async function runSchedules(database: Database, schedules: readonly Schedule[], stopping: AbortSignal, tickMs = TICK_MS): Promise<void> {
  if (!schedules.length) return;
  const byName = new Map(schedules.map((s) => [s.name, s]));
  const names = sql.join(
    schedules.map((s) => sql`(${s.name}, ${s.everyMs})`),
    sql`, `,
  );
  let entered = false;
  const run = (schedule: Schedule, previousRunAt: Date | string | null) =>
    withLogContext({ schedule: schedule.name }, async () => {
      // A worker stopping hands an occurrence it has not started back to the others, as if never taken.
      if (stopping.aborted)
        return database.execute(
          sql`update job_schedules set next_run_at = now(), last_run_at = ${previousRunAt === null ? null : new Date(previousRunAt).toISOString()}::timestamptz where name = ${schedule.name}`,
        );
      const error = await schedule.run(database).then(
        () => null,
        (e: unknown) => e,
      );
      if (error) log().error({ err: error }, `scheduled work ${schedule.name} failed`);
      // The next occurrence counts from this run's end.
      await database.execute(
        sql`update job_schedules set last_error = ${error ? String((error as Error).message ?? error) : null},
                   next_run_at = now() + make_interval(secs => ${schedule.everyMs / 1000})
             where name = ${schedule.name}`,
      );
    });
  while (!stopping.aborted) {
    try {
      if (!entered) {
        await database.execute(sql`insert into job_schedules (name) select name from (values ${names}) as s(name, every) on conflict do nothing`);
        entered = true;
      }
      // `before` is the row as it was, so a taken occurrence can be handed back unchanged.
      const due = await queryRows<{ name: string; previous_run_at: Date | string | null }>(
        database,
        sql`update job_schedules j set next_run_at = now() + make_interval(secs => greatest(s.every::float8, ${RUN_HOLD_MS}) / 1000), last_run_at = now()
              from (values ${names}) as s(name, every), job_schedules before
             where j.name = s.name and before.name = j.name and j.next_run_at <= now()
            returning j.name, before.last_run_at as previous_run_at`,
      );
      // Side by side: a slow sweep does not hold up the others taken in the same tick.
      await Promise.all(
        due.flatMap(({ name, previous_run_at }) => {
          const schedule = byName.get(name);
          return schedule ? [run(schedule, previous_run_at)] : [];
        }),
      );
    } catch (error) {
      log().error({ err: error }, "error while running scheduled work");
    }
    await pause(tickMs, stopping);
  }
}
