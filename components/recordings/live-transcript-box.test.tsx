/** @jest-environment jsdom */
import "@testing-library/jest-dom";
import { fireEvent, render, screen } from "@testing-library/react";
import type { ApiUtterance } from "@/lib/api/contract/recordings";
import { LiveTranscriptBox } from "./live-transcript-box";

const ROW_PX = 24;
const BOX_PX = 120;

const sentences = (n: number): ApiUtterance[] =>
  Array.from({ length: n }, (_, i) => ({ idx: i, start_ms: i * 3000, end_ms: i * 3000 + 2500, text: `Sentence number ${i + 1}.` }));

/**
 * jsdom lays nothing out: the box gets the geometry a browser would give it, a fixed height
 * and a row height per sentence or tentative line, with scrollTop kept within its range.
 */
function withLayout(box: HTMLElement) {
  let top = 0;
  const contentPx = () => box.querySelectorAll('[data-testid="live-utterance"], [data-testid="live-pending"]').length * ROW_PX;
  Object.defineProperty(box, "clientHeight", { configurable: true, get: () => BOX_PX });
  Object.defineProperty(box, "scrollHeight", { configurable: true, get: () => Math.max(BOX_PX, contentPx()) });
  Object.defineProperty(box, "scrollTop", {
    configurable: true,
    get: () => top,
    set: (v: number) => {
      top = Math.max(0, Math.min(v, box.scrollHeight - BOX_PX));
    },
  });
  return { bottom: () => box.scrollHeight - BOX_PX, gap: () => box.scrollHeight - box.scrollTop - BOX_PX };
}

/** The reader scrolls the box (the browser fires `scroll` after the position changes). */
function readerScrolls(box: HTMLElement, to: number) {
  fireEvent.wheel(box);
  box.scrollTop = to;
  fireEvent.scroll(box);
}

function prefersReducedMotion(reduce: boolean) {
  window.matchMedia = ((query: string) => ({
    matches: reduce && query === "(prefers-reduced-motion: reduce)",
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  })) as unknown as typeof window.matchMedia;
}

function renderBox(count: number, pending = "") {
  const view = render(<LiveTranscriptBox utterances={sentences(count)} pending={pending} />);
  const box = screen.getByTestId("live-transcript");
  const geometry = withLayout(box);
  const update = (n: number, p = "") => view.rerender(<LiveTranscriptBox utterances={sentences(n)} pending={p} />);
  return { box, update, ...geometry };
}

const jumpButton = () => screen.queryByRole("button", { name: "Jump to live" });

describe("the live box follows the newest words", () => {
  beforeEach(() => prefersReducedMotion(false));

  it("scrolls to each new word while the reader is at the bottom", () => {
    const { box, update, gap } = renderBox(2);
    update(8, "and the next");
    expect(box.scrollTop).toBeGreaterThan(0);
    expect(gap()).toBe(0);
    update(9);
    update(9, "words keep");
    expect(gap()).toBe(0);
    expect(jumpButton()).toBeNull();
  });

  it("counts a reader a few pixels above the bottom as at the bottom", () => {
    const { box, update, bottom, gap } = renderBox(8);
    readerScrolls(box, bottom() - 20);
    expect(jumpButton()).toBeNull();
    update(10);
    expect(gap()).toBe(0);
  });

  it("stays where a reader who scrolled up is, and offers the way back", () => {
    const { box, update } = renderBox(8);
    readerScrolls(box, 0);
    update(12, "more words");
    expect(box.scrollTop).toBe(0);
    expect(jumpButton()).toBeVisible();
    update(13);
    expect(box.scrollTop).toBe(0);
  });

  it("follows again once the reader scrolls back down by hand", () => {
    const { box, update, bottom, gap } = renderBox(8);
    readerScrolls(box, 0);
    update(10);
    readerScrolls(box, bottom());
    expect(jumpButton()).toBeNull();
    update(12);
    expect(gap()).toBe(0);
  });

  it("jumps to live at once with reduced motion, hides the button and follows again", () => {
    prefersReducedMotion(true);
    const { box, update, gap } = renderBox(8);
    readerScrolls(box, 0);
    update(10);
    fireEvent.click(jumpButton()!);
    expect(gap()).toBe(0);
    expect(jumpButton()).toBeNull();
    // The button is gone: the focus is on the box, not lost.
    expect(box).toHaveFocus();
    update(12);
    expect(gap()).toBe(0);
  });

  it("jumps to live smoothly otherwise, keeping on the newest words that come during the jump", () => {
    const { box, update, bottom, gap } = renderBox(8);
    const scrollTo = jest.fn();
    box.scrollTo = scrollTo as typeof box.scrollTo;
    readerScrolls(box, 0);
    update(10);
    fireEvent.click(jumpButton()!);
    expect(scrollTo).toHaveBeenLastCalledWith({ top: box.scrollHeight, behavior: "smooth" });
    // On the way down: the in-between position is not the reader scrolling up.
    box.scrollTop = 60;
    fireEvent.scroll(box);
    expect(jumpButton()).toBeVisible();
    update(11);
    expect(scrollTo).toHaveBeenLastCalledWith({ top: box.scrollHeight, behavior: "smooth" });
    box.scrollTop = bottom();
    fireEvent.scroll(box);
    expect(jumpButton()).toBeNull();
    update(12);
    expect(gap()).toBe(0);
  });

  it("lets the reader take over during a smooth jump", () => {
    const { box, update } = renderBox(8);
    box.scrollTo = jest.fn() as typeof box.scrollTo;
    readerScrolls(box, 0);
    fireEvent.click(jumpButton()!);
    readerScrolls(box, 10);
    update(10);
    expect(box.scrollTop).toBe(10);
    expect(jumpButton()).toBeVisible();
  });
});

describe("what the live box shows", () => {
  beforeEach(() => prefersReducedMotion(false));

  it("final sentences with their times, then the tentative words in grey", () => {
    renderBox(2, "ask not what");
    const finals = screen.getAllByTestId("live-utterance");
    expect(finals.map((li) => li.textContent)).toEqual(["00:00Sentence number 1.", "00:03Sentence number 2."]);
    const pending = screen.getByTestId("live-pending");
    expect(pending).toHaveTextContent("ask not what");
    expect(pending).toHaveClass("text-muted-foreground");
  });

  it("tells screen readers the final sentences only", () => {
    renderBox(2, "ask not what");
    const announced = screen.getByRole("list");
    expect(announced).toHaveAttribute("aria-live", "polite");
    expect(announced).not.toContainElement(screen.getByTestId("live-pending"));
    expect(screen.getByTestId("live-pending")).toHaveAttribute("aria-hidden", "true");
  });

  it("says what to expect before any word, and is reachable by keyboard", () => {
    render(<LiveTranscriptBox utterances={[]} pending="" placeholder="Listening… words appear here as you speak." />);
    expect(screen.getByText("Listening… words appear here as you speak.")).toBeVisible();
    expect(screen.getByRole("region", { name: "Live transcript" })).toHaveAttribute("tabindex", "0");
  });
});
