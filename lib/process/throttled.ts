/**
 * Calls `write` with the latest value pushed, at most once every `everyMs`: the first push
 * is written at once, later ones wait for the interval and only the newest of them is
 * written. `cancel` drops a value still waiting (something newer replaced it).
 */
export function throttled<T>(everyMs: number, write: (value: T) => unknown) {
  let lastAt = -Infinity;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let latest: T;
  const flush = () => {
    timer = null;
    lastAt = Date.now();
    write(latest);
  };
  return {
    push(value: T) {
      latest = value;
      if (timer) return;
      const wait = lastAt + everyMs - Date.now();
      if (wait <= 0) flush();
      else timer = setTimeout(flush, wait);
    },
    cancel() {
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}
