/** Query parameters that carry secrets or user input: never sent to analytics. */
const SENSITIVE_PARAMS = ["token", "error", "next", "callbackURL", "code", "state"];
const URL_PROPERTIES = ["$current_url", "$referrer", "$initial_current_url", "$initial_referrer"];

/** A URL with its sensitive query parameters replaced, so reset links never leave the site. */
export function scrubUrl(value: string): string {
  try {
    const url = new URL(value);
    for (const param of SENSITIVE_PARAMS) if (url.searchParams.has(param)) url.searchParams.set(param, "redacted");
    return url.toString();
  } catch {
    return value;
  }
}

export function scrubProperties(properties: Record<string, unknown>): Record<string, unknown> {
  const copy = { ...properties };
  for (const key of URL_PROPERTIES) {
    if (typeof copy[key] === "string") copy[key] = scrubUrl(copy[key] as string);
  }
  return copy;
}
