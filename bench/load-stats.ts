/** What bench:load's clients saw, per route template: counts, latency, errors, each error's time (to tell the kill window from the rest). */

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

interface RouteFigures {
  latenciesMs: number[];
  errors: number;
  clientErrors: number;
}

export interface Failure {
  /** ms since the round started */
  at: number;
  route: string;
  /** 0: no answer (connection refused, reset, closed) */
  status: number;
}

export class LoadStats {
  private readonly routes = new Map<string, RouteFigures>();
  readonly failures: Failure[] = [];
  private readonly started = performance.now();

  /** An answer (or none: status 0) of `route` after `ms`; ≥ 500 and none are errors, other 4xx counted apart. */
  record(route: string, status: number, ms: number): void {
    let figures = this.routes.get(route);
    if (!figures) this.routes.set(route, (figures = { latenciesMs: [], errors: 0, clientErrors: 0 }));
    figures.latenciesMs.push(ms);
    if (status === 0 || status >= 500) figures.errors++;
    else if (status >= 400) figures.clientErrors++;
    if (status === 0 || status >= 400) this.failures.push({ at: performance.now() - this.started, route, status });
  }

  /** The per-route table over `seconds` of load, busiest first, with a total row. */
  table(seconds: number): Record<string, string | number>[] {
    const rows = [...this.routes.entries()].sort((a, b) => b[1].latenciesMs.length - a[1].latenciesMs.length);
    const all: RouteFigures = { latenciesMs: rows.flatMap(([, f]) => f.latenciesMs), errors: 0, clientErrors: 0 };
    for (const [, f] of rows) {
      all.errors += f.errors;
      all.clientErrors += f.clientErrors;
    }
    return [...rows, ["all", all] as const].map(([route, f]) => {
      const sorted = [...f.latenciesMs].sort((a, b) => a - b);
      return {
        route,
        count: sorted.length,
        "req/s": Number((sorted.length / seconds).toFixed(2)),
        "p50 ms": Math.round(pct(sorted, 50)),
        "p99 ms": Math.round(pct(sorted, 99)),
        errors: f.errors,
        "other 4xx": f.clientErrors,
      };
    });
  }
}
