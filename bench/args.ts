/** A numeric `--name N` argument of a benchmark, or its default. */
export function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
}

/** A text `--name value` argument of a benchmark, or undefined. */
export function textArg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
}

/** Milliseconds as seconds with one decimal. */
export const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
