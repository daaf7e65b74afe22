import { readFileSync, readdirSync } from "node:fs";

/** RSS of a process and all its descendants, from /proc (Linux), in bytes. */
function treeRss(rootPid: number): number {
  const parents = new Map<number, number>();
  const rss = new Map<number, number>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const status = readFileSync(`/proc/${entry}/status`, "utf8");
      const ppid = Number(/PPid:\s+(\d+)/.exec(status)?.[1]);
      const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      parents.set(Number(entry), ppid);
      rss.set(Number(entry), kb * 1024);
    } catch {
      // the process ended while we looked
    }
  }
  let total = 0;
  for (const [pid, bytes] of rss) {
    let p: number | undefined = pid;
    while (p && p !== rootPid) p = parents.get(p);
    if (p === rootPid) total += bytes;
  }
  return total;
}

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
