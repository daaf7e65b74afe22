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
  /** audio of the uploads transcribed */
  uploadedAudioS: number;
  /** audio of the recordings (each also gets a full-quality pass when it stops) */
  recordedS: number;
  /** seconds of audio sent to recordings that had a live slot */
  liveRecordingS: number;
}

const HOSTS = [1, 2, 4, 8, 16];

export function printCapacity(round: RoundFigures, calibration: Calibration, liveSlots: number[]): void {
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
  // The workers' time in the round less the full-quality passes (priced by the calibration) is what the live lane cost.
  const passes = (round.uploadedAudioS + round.recordedS) * calibration.workerCpuPerAudioSecond;
  const livePerRecording = round.liveRecordingS > 0 ? (cpu("worker") - passes) / round.liveRecordingS : NaN;
  console.log(`audio hours per worker core: ${audioHoursPerCoreHour.toFixed(1)} (PocketSphinx on the ${calibration.clipSeconds.toFixed(0)} s clip, the calibration uploads: ${calibration.workerCpuPerAudioSecond.toFixed(3)} CPU s per audio s)`);
  console.log(
    `live recordings per worker: ${liveSlots.join(" and ")} slots on these 2 cores; the live lane cost ${Number.isFinite(livePerRecording) ? `${livePerRecording.toFixed(2)} of a core per recording in this round (workers' CPU less the full-quality passes), so about ${Math.floor(1 / livePerRecording)} per worker core` : "— (no live recording in the round)"}`,
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
