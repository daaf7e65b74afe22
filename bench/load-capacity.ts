/**
 * bench:load's capacity figures, derived from one round's CPU time per process tree: how many
 * clients of the round's mix one core of each part carries, audio hours per worker core, live
 * recordings per worker, and which part fills first as web hosts are added (each part given
 * one core per instance; PostgreSQL, HAProxy and the bucket one each).
 */

export interface Calibration {
  /** the engine's words for the clip */
  reference: string;
  sameEachTime: boolean;
  workerCpuPerAudioSecond: number;
  clipSeconds: number;
}

export interface RoundFigures {
  wallS: number;
  loadS: number;
  /** people and scripts in the round */
  clients: number;
  requests: number;
  cpuSeconds: Record<string, number>;
}

const HOSTS = [1, 2, 4, 8, 16];

/** `liveCores`: what one live recording cost the workers, in cores; `liveSlots`: each worker's live capacity. */
export function printCapacity(round: RoundFigures, calibration: Calibration, liveCores: number, liveSlots: number[]): void {
  const cpu = (prefix: string) => Object.entries(round.cpuSeconds).reduce((sum, [name, s]) => (name.startsWith(prefix) ? sum + s : sum), 0);
  const parts = [
    { part: "web hosts", seconds: cpu("web host") },
    { part: "PostgreSQL", seconds: cpu("PostgreSQL") },
    { part: "HAProxy", seconds: cpu("HAProxy") },
    { part: "s3rver (bucket)", seconds: cpu("s3rver") },
    { part: "workers", seconds: cpu("worker") },
  ];
  const clientsPerCore = (seconds: number) => (round.clients * round.wallS) / seconds;
  console.log(`\n## Capacity, from the first round (${round.clients} clients, ${round.requests} requests in ${round.wallS.toFixed(0)} s)`);
  console.table(parts.map((p) => ({ part: p.part, "CPU s": Number(p.seconds.toFixed(1)), "cores (avg)": Number((p.seconds / round.wallS).toFixed(2)), "clients of this mix per core": Math.round(clientsPerCore(p.seconds)) })));

  const audioHoursPerCoreHour = 1 / calibration.workerCpuPerAudioSecond;
  console.log(`audio hours per worker core: ${audioHoursPerCoreHour.toFixed(1)} (PocketSphinx on the ${calibration.clipSeconds.toFixed(0)} s clip, the calibration uploads: ${calibration.workerCpuPerAudioSecond.toFixed(3)} CPU s per audio s)`);
  console.log(
    `live recordings per worker: ${liveSlots.join(" and ")} slots (LIVE_SESSIONS_PER_WORKER unset: from the engine's cost on these 2 cores); one recording alone cost ${liveCores.toFixed(2)} of a core, so about ${Number.isFinite(liveCores) && liveCores > 0 ? (1 / liveCores).toFixed(1) : "—"} per worker core`,
  );

  const perCore = Object.fromEntries(parts.map((p) => [p.part, clientsPerCore(p.seconds)]));
  const single = ["PostgreSQL", "HAProxy", "s3rver (bucket)"];
  console.log("\nAs web hosts are added (one core each; one core each for PostgreSQL, HAProxy and the bucket; workers added as needed):");
  console.table(
    HOSTS.map((hosts) => {
      const limits = [{ part: `${hosts} web host${hosts > 1 ? "s" : ""}`, clients: hosts * perCore["web hosts"]! }, ...single.map((part) => ({ part, clients: perCore[part]! }))];
      const first = limits.reduce((a, b) => (b.clients < a.clients ? b : a));
      return {
        "web hosts": hosts,
        "clients the web hosts carry": Math.round(hosts * perCore["web hosts"]!),
        "first full": first.part,
        "clients then": Math.round(first.clients),
        "worker cores needed then": Number((first.clients / perCore.workers!).toFixed(1)),
      };
    }),
  );
}
