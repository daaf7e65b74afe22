import { clsx } from "clsx";
import type { ApiTranscription } from "@/lib/api/contract/transcription";

const LABELS: Record<ApiTranscription["status"], string> = {
  recording: "Recording",
  queued: "Queued",
  processing: "Transcribing",
  done: "Done",
  failed: "Failed",
  canceled: "Canceled",
};

export function StatusBadge({ t }: { t: Pick<ApiTranscription, "status" | "progress" | "error"> }) {
  return (
    <span
      data-testid="status"
      title={t.error ?? undefined}
      className={clsx(
        "inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium",
        t.status === "done" && "bg-success/15 text-success",
        t.status === "failed" && "bg-danger/15 text-danger",
        (t.status === "queued" || t.status === "processing") && "bg-accent-soft text-accent",
        t.status === "canceled" && "bg-muted text-muted-foreground",
        t.status === "recording" && "bg-danger/15 text-danger",
      )}
    >
      {LABELS[t.status]}
      {t.status === "processing" && ` ${t.progress}%`}
    </span>
  );
}
