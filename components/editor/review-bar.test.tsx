/** @jest-environment jsdom */
import "@testing-library/jest-dom";
import { fireEvent, render, screen } from "@testing-library/react";
import { useRef, useState } from "react";
import type { EditableSegment } from "@/lib/api/contract/transcription";
import { ReviewBar } from "./review-bar";
import { useWordReview } from "./use-word-review";

const segment = (id: string, text: string, confidences: number[], from: number): EditableSegment => ({
  id,
  version: 0,
  start_ms: from,
  end_ms: from + 5000,
  text,
  words: text.split(" ").map((word, i) => ({ word, start_ms: from + 1000 * i, end_ms: from + 1000 * i + 800, confidence: confidences[i] })),
  confidence: null,
  speaker: null,
});

function Harness({ queue, playSpan, onCorrect }: { queue: jest.Mock; playSpan: jest.Mock; onCorrect: jest.Mock }) {
  const [segments, setSegments] = useState([segment("a", "soup yeah go", [0.2, 0.9, 0.25], 0), segment("b", "near rome", [0.95, 0.1], 10_000)]);
  const latest = useRef(segments);
  const review = useWordReview({ engine: "sphinx", segments, segmentsRef: latest, setSegments, queue, edit: jest.fn(), playSpan });
  return <ReviewBar review={review} segments={segments} editable onCorrect={onCorrect} />;
}

describe("the review of uncertain words", () => {
  it("steps through the unsure words playing each in context; Keep saves it as reviewed and moves on; Correct opens its segment with the word selected", () => {
    const queue = jest.fn();
    const playSpan = jest.fn();
    const onCorrect = jest.fn();
    render(<Harness queue={queue} playSpan={playSpan} onCorrect={onCorrect} />);
    expect(screen.getByTestId("uncertain-left")).toHaveTextContent("3 uncertain words to review");
    fireEvent.click(screen.getByRole("button", { name: "Next uncertain word" }));
    expect(screen.getByText("“soup”")).toBeInTheDocument();
    expect(playSpan).toHaveBeenLastCalledWith(0, 1500);
    fireEvent.click(screen.getByRole("button", { name: "Keep" }));
    expect(queue).toHaveBeenCalledWith(0, { reviewed: [0] });
    expect(screen.getByTestId("uncertain-left")).toHaveTextContent("2 uncertain words to review");
    // Kept, it went on to the next: "go", played from 1.5 s before it.
    expect(screen.getByText("“go”")).toBeInTheDocument();
    expect(playSpan).toHaveBeenLastCalledWith(500, 3500);
    fireEvent.click(screen.getByRole("button", { name: "Next uncertain word" }));
    expect(screen.getByText("“rome”")).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Correct" }));
    // Its segment opens with the word selected, so typing writes over it.
    expect(onCorrect).toHaveBeenCalledWith(1, 5, 9);
    fireEvent.click(screen.getByRole("button", { name: "Previous" }));
    expect(screen.getByText("“go”")).toBeInTheDocument();
  });
});
