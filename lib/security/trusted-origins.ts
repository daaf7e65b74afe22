/** APP_URL, plus its twin when it is local: localhost and 127.0.0.1 are the same machine. */
export function trustedOrigins(appUrl: string): string[] {
  const url = new URL(appUrl);
  const twins: Record<string, string> = { localhost: "127.0.0.1", "127.0.0.1": "localhost" };
  const twin = twins[url.hostname];
  if (!twin) return [url.origin];
  const other = new URL(url.origin);
  other.hostname = twin;
  return [url.origin, other.origin];
}
