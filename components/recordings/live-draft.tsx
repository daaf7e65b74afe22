"use client";

import { LiveTranscriptBox } from "./live-transcript-box";
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
      <h2 id="draft-heading" className="mb-3 text-sm font-medium text-muted-foreground">
        Live transcript — the full-quality transcript is being made and will appear here.
      </h2>
      <LiveTranscriptBox utterances={text.utterances} pending={text.pending} />
    </section>
  );
}
