/**
 * What is wrong with a request address, if anything: a path that does not percent-decode
 * (`/api/transcriptions/%`), or a NUL character anywhere in path or query (`%00`). Either
 * would otherwise fail inside a route or a query and surface as a 500.
 */
export function malformedAddress(url: string): "encoding" | "nul" | null {
  const { pathname, search } = new URL(url);
  let path: string;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    return "encoding";
  }
  if (path.includes("\u0000")) return "nul";
  // URLSearchParams tolerates stray '%' in a query; only a NUL in it is refused.
  for (const [key, value] of new URLSearchParams(search)) {
    if (key.includes("\u0000") || value.includes("\u0000")) return "nul";
  }
  return null;
}
