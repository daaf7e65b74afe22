import { formatTimestamp } from "@/lib/text/time-format";

/** A segment's start time that plays the audio from there when clicked. */
export function PlayFromButton({ ms, onSeek, className }: { ms: number; onSeek: (ms: number) => void; className: string }) {
  return (
    <button type="button" onClick={() => onSeek(ms)} className={className} aria-label={`Play from ${formatTimestamp(ms)}`}>
      {formatTimestamp(ms)}
    </button>
  );
}
