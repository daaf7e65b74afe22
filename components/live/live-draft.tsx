"use client";

import { formatTimestamp } from "@/lib/text/time-format";
import { useLiveText } from "./use-live-text";

/**
 * A recording's live text on its page, while it is still being made or its full-quality pass
 * runs: what the user saw while speaking is never missing from the page.
 */
export function LiveDraft({ id }: { id: string }) {
  const text = useLiveText(id);
  if (!text.utterances.length && !text.pending) return null;
  return (
    <section className="mt-6" aria-labelledby="draft-heading" data-testid="live-draft">
      <h2 id="draft-heading" className="text-sm font-medium text-muted-foreground">
        Live transcript. The full-quality transcript replaces it when it is ready.
      </h2>
      <ol className="mt-3 space-y-2" aria-live="polite">
        {text.utterances.map((u) => (
          <li key={u.idx} className="flex gap-3">
            <span className="shrink-0 font-mono text-xs text-muted-foreground">{formatTimestamp(u.start_ms)}</span>
            <p className="leading-relaxed">{u.text}</p>
          </li>
        ))}
      </ol>
      {text.pending && <p className="mt-2 italic text-muted-foreground">{text.pending}</p>}
    </section>
  );
}
