/**
 * Keeps a phone's or laptop's screen from locking while a recording is made (a locked phone
 * suspends the page, and with it the microphone). The browser drops the lock whenever the
 * page is hidden, so it is asked for again each time the page shows. Returns the release.
 * Browsers without the Screen Wake Lock API, or that refuse it (battery saver), record anyway.
 */
export function holdScreenAwake(): () => void {
  let sentinel: WakeLockSentinel | null = null;
  let held = true;
  const request = () => {
    if (!held || document.visibilityState !== "visible" || !navigator.wakeLock) return;
    navigator.wakeLock.request("screen").then(
      (s) => {
        if (held) sentinel = s;
        else void s.release();
      },
      () => undefined,
    );
  };
  document.addEventListener("visibilitychange", request);
  request();
  return () => {
    held = false;
    document.removeEventListener("visibilitychange", request);
    void sentinel?.release().catch(() => undefined);
    sentinel = null;
  };
}
