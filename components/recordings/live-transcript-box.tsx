"use client";

import { Button } from "@/components/ui/button";
import type { ApiUtterance } from "@/lib/api/contract/recordings";
import { formatTimestamp } from "@/lib/text/time-format";
import { useFollowScroll } from "./use-follow-scroll";

interface LiveTranscriptBoxProps {
  utterances: ApiUtterance[];
  /** words still being decided, shown in grey after the final ones ("" for none) */
  pending: string;
  /** said while there are no words yet */
  placeholder?: string;
}

/**
 * Live text as it is heard: final sentences with their times, then the words still being
 * decided in grey. It follows the newest words unless the reader scrolled up, then offers a
 * way back. Screen readers are told the final sentences only, not every tentative word.
 */
export function LiveTranscriptBox({ utterances, pending, placeholder }: LiveTranscriptBoxProps) {
  const follow = useFollowScroll<HTMLDivElement>(`${utterances.length}\n${pending}`);
  return (
    <div className="relative">
      <div
        {...follow.boxProps}
        role="region"
        aria-label="Live transcript"
        // Scrollable: reachable by keyboard, so its arrow keys scroll it.
        tabIndex={0}
        className="max-h-[50vh] w-full overflow-y-auto break-words rounded-lg border border-border p-3 text-base leading-relaxed focus-visible:outline-2 focus-visible:outline-accent sm:max-h-80 sm:text-sm"
        data-testid="live-transcript"
      >
        {!utterances.length && !pending && placeholder && <p className="text-muted-foreground">{placeholder}</p>}
        <ol className="flex flex-col gap-1" aria-live="polite" aria-relevant="additions">
          {utterances.map((u) => (
            <li key={u.idx} data-testid="live-utterance">
              <span className="mr-2 font-mono text-xs text-muted-foreground">{formatTimestamp(u.start_ms)}</span>
              {u.text}
            </li>
          ))}
        </ol>
        {pending && (
          <p className="mt-1 text-muted-foreground" aria-hidden data-testid="live-pending">
            {pending}
          </p>
        )}
      </div>
      {follow.detached && (
        <div className="pointer-events-none absolute inset-x-0 bottom-2 flex justify-center">
          <Button variant="secondary" size="sm" className="pointer-events-auto shadow-md" onClick={follow.jumpToLive}>
            Jump to live
          </Button>
        </div>
      )}
    </div>
  );
}
