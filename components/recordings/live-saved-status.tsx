import Link from "next/link";
import type { ApiTranscription } from "@/lib/api/contract/transcription";

const MAKING_FULL_TRANSCRIPT = "Making the full-quality transcript…";
const FULL_PASS_FAILED_KEPT = "The full-quality transcript could not be made, so the live text was kept.";
const FULL_PASS_FAILED = "The full-quality transcript could not be made.";

interface LiveSavedStatusProps {
  saved: Pick<ApiTranscription, "id" | "title">;
  /** the server let go of the live text, with the transcription's status then */
  ended: boolean;
  /** the full-quality transcript could not be made */
  failed: boolean;
  /** live text is on screen */
  hasText: boolean;
}

/**
 * After stop: one line while the full-quality pass runs; nothing once it is done (the list
 * below shows the finished transcription), or why the live text is all there is.
 */
export function LiveSavedStatus({ saved, ended, failed, hasText }: LiveSavedStatusProps) {
  if (ended && !failed) return null;
  const next = !ended ? MAKING_FULL_TRANSCRIPT : hasText ? FULL_PASS_FAILED_KEPT : FULL_PASS_FAILED;
  return (
    <p className="text-sm" role="status">
      Saved as <Link className="text-accent underline" href={`/transcription/${saved.id}`}>{saved.title}</Link>. {next}
    </p>
  );
}
