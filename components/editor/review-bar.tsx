"use client";

import type { ApiSegment } from "@/lib/api/contract/transcription";
import { wordPlace } from "@/lib/editor/review";
import { Button } from "@/components/ui/button";
import type { useWordReview } from "./use-word-review";

interface ReviewBarProps {
  review: ReturnType<typeof useWordReview>;
  segments: readonly ApiSegment[];
  editable: boolean;
  /** opens the segment for typing, with the word under review selected */
  onCorrect(position: number, from: number, to: number): void;
}

const wordsLeft = (n: number) => (n === 1 ? "1 uncertain word to review" : `${n} uncertain words to review`);

/**
 * The review of uncertain words: how many are left, and Previous / Next (F8 / Shift + F8),
 * each playing the word in its context; the word under review can be kept as it is or
 * corrected. Fixed at the bottom on phones, with buttons a thumb can reach.
 */
export function ReviewBar({ review, segments, editable, onCorrect }: ReviewBarProps) {
  const { left, current } = review;
  if (!left && !current) return null;
  const word = current ? (segments[current.segment]?.words?.[current.word]?.word ?? null) : null;
  return (
    <div
      role="region"
      aria-label="Review uncertain words"
      className="sticky bottom-0 z-10 flex flex-wrap items-center gap-2 rounded-lg border border-border bg-card/95 p-2 text-sm shadow-sm backdrop-blur"
    >
      <span aria-live="polite" data-testid="uncertain-left">
        {left ? wordsLeft(left) : "No uncertain words left."}
      </span>
      {word !== null && (
        <span className="font-medium">
          “{word}”
        </span>
      )}
      <span className="ml-auto flex flex-wrap gap-2">
        <Button type="button" size="sm" variant="ghost" className="min-h-11 sm:min-h-0" onClick={review.previous} disabled={!left} aria-keyshortcuts="Shift+F8">
          Previous
        </Button>
        <Button type="button" size="sm" variant="secondary" className="min-h-11 sm:min-h-0" onClick={review.next} disabled={!left} aria-keyshortcuts="F8">
          Next uncertain word
        </Button>
        {editable && word !== null && (
          <>
            <Button type="button" size="sm" className="min-h-11 sm:min-h-0" onClick={review.keep}>
              Keep
            </Button>
            <Button type="button" size="sm" variant="ghost" className="min-h-11 sm:min-h-0" onClick={() => {
                if (!current) return;
                const place = wordPlace(segments[current.segment]?.text ?? "", current.word);
                onCorrect(current.segment, place.from, place.to);
              }}>
              Correct
            </Button>
          </>
        )}
      </span>
    </div>
  );
}
