import type { EditableSegment, TranscriptPresence } from "@/lib/api/contract/transcription";
import { formatTimestamp } from "@/lib/text/time-format";

/**
 * Who else has this transcript open, and the segment each is editing (one line; nothing when
 * alone), and why others' edits are not arriving when the server refused them (`trouble`).
 */
export function PresenceList({ others, segments, trouble }: { others: TranscriptPresence["others"]; segments: EditableSegment[]; trouble: string | null }) {
  if (trouble) {
    return (
      <p className="text-sm text-danger" role="status" data-testid="presence">
        {trouble}
      </p>
    );
  }
  if (!others.length) return null;
  const where = (id: string | null) => {
    const segment = id ? segments.find((s) => s.id === id) : undefined;
    return segment ? ` (editing ${formatTimestamp(segment.start_ms)})` : "";
  };
  return (
    <p className="text-sm text-muted-foreground" data-testid="presence" aria-live="polite">
      Also here: {others.map((o) => `${o.name}${where(o.segment_id)}`).join(", ")}
    </p>
  );
}
