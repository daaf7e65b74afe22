import type { ApiTranscription } from "@/lib/api/contract/transcription";

/**
 * The list (newest first) with `t` in its place by creation time, instead of any older copy
 * of it: a new upload goes on top, a restored transcription back where it was.
 */
export function placed<T extends Pick<ApiTranscription, "id" | "created_at">>(list: readonly T[], t: T): T[] {
  const others = list.filter((x) => x.id !== t.id);
  const at = others.findIndex((x) => x.created_at < t.created_at);
  return at < 0 ? [...others, t] : [...others.slice(0, at), t, ...others.slice(at)];
}
