import { formatUsage } from "@/lib/text/time-format";
import type { TranscriptionOptions } from "@/lib/api/contract/transcription";

export function UsageMeter({ usage, planName }: { usage: TranscriptionOptions["usage"]; planName: string }) {
  const { used_s, limit_s } = usage;
  const fraction = limit_s ? Math.min(1, used_s / limit_s) : 0;
  const resets = new Date(usage.period_end).toLocaleDateString(undefined, { day: "numeric", month: "long" });
  return (
    <div className="flex flex-col gap-1 text-sm" data-testid="usage">
      <div className="flex justify-between">
        <span>
          {planName} plan: {formatUsage(used_s)} used{limit_s !== null && ` of ${formatUsage(limit_s)}`}
        </span>
        <span className="text-muted-foreground">resets {resets}</span>
      </div>
      {usage.note && <p className="text-xs text-muted-foreground" data-testid="usage-note">{usage.note}</p>}
      {limit_s !== null && (
        <div className="h-2 overflow-hidden rounded-full bg-muted" role="progressbar" aria-label="Time used" aria-valuenow={Math.round(fraction * 100)}>
          <div className={`h-full ${fraction > 0.9 ? "bg-danger" : "bg-primary"}`} style={{ width: `${fraction * 100}%` }} />
        </div>
      )}
    </div>
  );
}
