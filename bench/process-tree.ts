import { readFileSync, readdirSync } from "node:fs";

/** USER_HZ on Linux: /proc/<pid>/stat counts CPU time in these ticks. */
const TICKS_PER_SECOND = 100;

interface TreeProcess {
  pid: number;
  rssBytes: number;
  cpuSeconds: number;
  /** CPU time of its children that ended and were waited for (cutime + cstime) */
  endedChildrenSeconds: number;
}

/** One process from /proc/<pid>/stat; throws if it is gone. */
function readProcess(pid: number): TreeProcess & { parent: number } {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  // Fields after the command name (which may hold spaces): state, ppid, … utime (12th), stime (13th), cutime, cstime, … rss pages (22nd).
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return {
    pid,
    parent: Number(fields[1]),
    cpuSeconds: (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND,
    endedChildrenSeconds: (Number(fields[13]) + Number(fields[14])) / TICKS_PER_SECOND,
    rssBytes: Number(fields[21]) * 4096,
  };
}

/** A process and all its descendants now, from /proc (Linux): RSS and CPU time used so far. */
function processTree(rootPid: number): TreeProcess[] {
  const parents = new Map<number, number>();
  const found: TreeProcess[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const p = readProcess(Number(entry));
      parents.set(p.pid, p.parent);
      found.push(p);
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

/** CPU seconds used so far by this one process (not its children). */
export const ownCpuSeconds = (pid: number) => readProcess(pid).cpuSeconds;

/** The pids of a process and all its descendants now (to kill a whole host, whatever it forked). */
export const treePids = (rootPid: number) => processTree(rootPid).map((p) => p.pid);

/**
 * CPU seconds used so far by the tree under `rootPid`, children that ended included (their
 * parents' cutime: a PocketSphinx run per piece ends between samples), sampled every
 * `intervalMs` so a tree that is killed keeps its last reading.
 */
export function watchTreeCpu(rootPid: number, intervalMs = 500) {
  let last = 0;
  const sample = () => {
    const tree = processTree(rootPid);
    if (tree.length) last = Math.max(last, tree.reduce((sum, p) => sum + p.cpuSeconds + p.endedChildrenSeconds, 0));
    return last;
  };
  const timer = setInterval(sample, intervalMs);
  sample();
  return { total: sample, stop: () => clearInterval(timer) };
}
