/**
 * Calls `write` with the latest value pushed, at most once every `everyMs` and never while
 * the previous write is still running: the first push is written at once, later ones wait
 * and only the newest of them is written. `cancel` drops a value still waiting (something
 * newer replaced it).
 */
export function throttled<T>(everyMs: number, write: (value: T) => unknown) {
  let lastAt = -Infinity;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let running = false;
  let waiting: { value: T } | null = null;
  const schedule = () => {
    if (timer || running || !waiting) return;
    const wait = lastAt + everyMs - Date.now();
    if (wait <= 0) flush();
    else timer = setTimeout(flush, wait);
  };
  const flush = () => {
    timer = null;
    if (!waiting) return;
    const { value } = waiting;
    waiting = null;
    lastAt = Date.now();
    running = true;
    let written: unknown;
    try {
      written = write(value);
    } catch {
      // a failed write is the caller's to report; the next value is still written
    }
    void Promise.resolve(written)
      .catch(() => {})
      .finally(() => {
        running = false;
        schedule();
      });
  };
  return {
    push(value: T) {
      waiting = { value };
      schedule();
    },
    cancel() {
      if (timer) clearTimeout(timer);
      timer = null;
      waiting = null;
    },
  };
}
