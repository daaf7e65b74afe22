import { readFileSync, readdirSync } from "node:fs";

/** USER_HZ on Linux: /proc/<pid>/stat counts CPU time in these ticks. */
const TICKS_PER_SECOND = 100;

interface TreeProcess {
  pid: number;
  rssBytes: number;
  cpuSeconds: number;
}

/** A process and all its descendants now, from /proc (Linux): RSS and CPU time used so far. */
function processTree(rootPid: number): TreeProcess[] {
  const parents = new Map<number, number>();
  const found: TreeProcess[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      // Fields after the command name (which may hold spaces): state, ppid, … utime (12th), stime (13th), … rss pages (22nd).
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      parents.set(Number(entry), Number(fields[1]));
      found.push({
        pid: Number(entry),
        cpuSeconds: (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND,
        rssBytes: Number(fields[21]) * 4096,
      });
    } catch {
      // the process ended while we looked
    }
  }
  return found.filter(({ pid }) => {
    let p: number | undefined = pid;
    while (p && p !== rootPid) p = parents.get(p);
    return p === rootPid;
  });
}

/** CPU seconds used so far by the processes now under `rootPid` (one that ended is no longer counted). */
export const treeCpuSeconds = (rootPid: number) => processTree(rootPid).reduce((sum, p) => sum + p.cpuSeconds, 0);

const treeRss = (rootPid: number) => processTree(rootPid).reduce((sum, p) => sum + p.rssBytes, 0);

/** Samples the process tree every `intervalMs` and keeps the peak (reading /proc costs CPU: faster sampling would slow the engines it measures). */
export function watchPeakMemory(rootPid = process.pid, intervalMs = 250) {
  let peak = treeRss(rootPid);
  const timer = setInterval(() => {
    peak = Math.max(peak, treeRss(rootPid));
  }, intervalMs);
  return {
    stop(): number {
      clearInterval(timer);
      return Math.max(peak, treeRss(rootPid));
    },
  };
}

/** CPU seconds used so far by every process under `rootPid`, sampled every `intervalMs` (each pid's last reading, so ended ones still count). */
export function watchCpu(rootPid: number, intervalMs = 200) {
  const seen = new Map<number, number>();
  const sample = () => {
    for (const p of processTree(rootPid)) seen.set(p.pid, Math.max(seen.get(p.pid) ?? 0, p.cpuSeconds));
  };
  const timer = setInterval(sample, intervalMs);
  sample();
  return {
    total: () => (sample(), [...seen.values()].reduce((a, b) => a + b, 0)),
    stop: () => clearInterval(timer),
  };
}
