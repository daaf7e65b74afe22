/** @jest-environment jsdom */
import "@testing-library/jest-dom";
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import type { ApiSegment, EditableSegment } from "@/lib/api/contract/transcription";
import { renderFresh } from "@/test/support/admin-fixtures";
import { apiTranscription, FULL_EDITOR_CAPABILITIES } from "@/test/support/api-fixtures";
import { installFakeEventSource } from "@/test/support/fake-event-source";
import { fakeFetch } from "@/test/support/fake-fetch";
import { TranscriptEditor } from "./transcript-editor";

// The editor reads only id, title and version of it.
const T = apiTranscription({ title: "Interview", version: 3 });
const seg = (i: number, text: string, speaker: string | null): EditableSegment => ({ id: `s-${i}-${text}`, version: 0, start_ms: i * 1000, end_ms: i * 1000 + 900, text, words: null, confidence: null, speaker });

/** A server that splits and merges the way the real one does with its texts (word timings aside). */
function documentServer(initial: EditableSegment[]) {
  const segments = initial.map((s) => ({ ...s }));
  let version = 3;
  const answer = () => ({ body: { version: ++version, segments: segments.map((s, position) => ({ ...s, position })) } });
  return fakeFetch({
    "GET /api/transcriptions/t-1/speakers": { body: { diarizer: null, note: null, speakers: [] } },
    "PATCH /api/transcriptions/t-1/segments": (call) => {
      for (const c of (call.body as { changes: ({ position: number } & Partial<ApiSegment>)[] }).changes) Object.assign(segments[c.position], { text: c.text ?? segments[c.position].text, speaker: c.speaker === undefined ? segments[c.position].speaker : c.speaker });
      return answer();
    },
    "POST /api/transcriptions/t-1/segments": (call) => {
      const body = call.body as { action: string; position: number; word?: number };
      const s = segments[body.position];
      if (body.action === "split") {
        const words = s.text.split(/\s+/).filter(Boolean);
        segments.splice(body.position, 1, { ...s, text: words.slice(0, body.word).join(" ") }, { ...s, id: `${s.id}+`, text: words.slice(body.word).join(" ") });
      } else {
        const next = segments[body.position + 1];
        segments.splice(body.position, 2, { ...s, text: `${s.text} ${next.text}`, speaker: s.speaker ?? next.speaker });
      }
      // Like the server: only the segments the edit made.
      const made = answer();
      made.body.segments = made.body.segments.slice(body.position, body.position + (body.action === "split" ? 2 : 1));
      return made;
    },
  });
}

beforeEach(() => installFakeEventSource());

beforeAll(() => {
  Element.prototype.scrollIntoView = jest.fn();
  window.matchMedia = ((query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} })) as unknown as typeof window.matchMedia;
});

const texts = () => screen.getAllByTestId("segment").map((row) => row.querySelector("textarea")?.value ?? row.querySelector("[data-testid='segment-text']")?.textContent);
const box = () => screen.getByRole("textbox", { name: /Text of the segment/ }) as HTMLTextAreaElement;
const open = (time: string, caret: number) => {
  fireEvent.click(screen.getByRole("button", { name: `Edit the segment at ${time}` }));
  act(() => box().setSelectionRange(caret, caret));
};

test("Enter splits at the cursor and the cursor goes on at the start of the second part; Ctrl+Z joins them again", async () => {
  const { calls } = documentServer([seg(0, "one two three", "Ann"), seg(1, "four", "Bob")]);
  renderFresh(<TranscriptEditor transcription={T} segments={[seg(0, "one two three", "Ann"), seg(1, "four", "Bob")]} format={{ formatted: null, run: null }} capabilities={FULL_EDITOR_CAPABILITIES} styles={[]} />);
  open("00:00", 4);
  fireEvent.keyDown(box(), { key: "Enter" });
  await waitFor(() => expect(texts()).toEqual(["one", "two three", "four"]));
  expect(calls.find((c) => c.method === "POST" && c.path.endsWith("/segments"))!.body).toEqual({ base_version: 3, action: "split", position: 0, id: "s-0-one two three", version: 0, word: 1 });
  await waitFor(() => expect(box()).toHaveFocus());
  expect(box().value).toBe("two three");
  expect(box().selectionStart).toBe(0);

  fireEvent.keyDown(box(), { key: "z", ctrlKey: true });
  await waitFor(() => expect(texts()).toEqual(["one two three", "four"]));
  expect(calls.filter((c) => c.method === "POST" && c.path.endsWith("/segments")).at(-1)!.body).toMatchObject({ action: "merge", position: 0 });

  // and redo splits again, at the same word
  fireEvent.click(screen.getByRole("button", { name: "Redo" }));
  await waitFor(() => expect(texts()).toEqual(["one", "two three", "four"]));
});

test("Backspace at a segment's start joins it with the previous one, the cursor where they meet; undo gives each part its speaker back", async () => {
  const { calls } = documentServer([seg(0, "hello there", "Ann"), seg(1, "general", "Bob")]);
  renderFresh(<TranscriptEditor transcription={T} segments={[seg(0, "hello there", "Ann"), seg(1, "general", "Bob")]} format={{ formatted: null, run: null }} capabilities={FULL_EDITOR_CAPABILITIES} styles={[]} />);
  open("00:01", 0);
  fireEvent.keyDown(box(), { key: "Backspace" });
  await waitFor(() => expect(texts()).toEqual(["hello there general"]));
  await waitFor(() => expect(box()).toHaveFocus());
  expect(box().selectionStart).toBe("hello there ".length);

  fireEvent.click(screen.getByRole("button", { name: "Undo" }));
  await waitFor(() => expect(texts()).toEqual(["hello there", "general"]));
  // the split gave both parts Ann; the second is given back to Bob in a save
  await waitFor(() => expect(calls.some((c) => c.method === "PATCH" && JSON.stringify(c.body).includes('"speaker":"Bob"'))).toBe(true), { timeout: 3000 });
  expect(screen.getAllByRole("combobox", { name: /Speaker of the segment/ }).map((s) => (s as HTMLSelectElement).value)).toEqual(["Ann", "Bob"]);
});

test("Delete at a segment's end joins the next one into it; the arrows leave a segment at its edges", async () => {
  documentServer([seg(0, "alpha", null), seg(1, "beta", null), seg(2, "gamma", null)]);
  renderFresh(<TranscriptEditor transcription={T} segments={[seg(0, "alpha", null), seg(1, "beta", null), seg(2, "gamma", null)]} format={{ formatted: null, run: null }} capabilities={FULL_EDITOR_CAPABILITIES} styles={[]} />);
  open("00:00", 5);
  fireEvent.keyDown(box(), { key: "ArrowRight" });
  expect(box().value).toBe("beta");
  expect(box().selectionStart).toBe(0);
  fireEvent.keyDown(box(), { key: "ArrowLeft" });
  expect(box().value).toBe("alpha");
  expect(box().selectionStart).toBe(5);
  fireEvent.keyDown(box(), { key: "ArrowDown" });
  expect(box().value).toBe("beta");
  fireEvent.keyDown(box(), { key: "End", ctrlKey: true });
  expect(box().value).toBe("gamma");
  expect(box().selectionStart).toBe(5);
  fireEvent.keyDown(box(), { key: "Home", ctrlKey: true });
  expect(box().value).toBe("alpha");
  act(() => box().setSelectionRange(5, 5));
  fireEvent.keyDown(box(), { key: "Delete" });
  await waitFor(() => expect(texts()).toEqual(["alpha beta", "gamma"]));
  await waitFor(() => expect(box()).toHaveFocus());
  expect(box().selectionStart).toBe(5);
});

test("Enter after the last word goes on to the next segment; typed text is one undo step, undone with Ctrl+Z while typing", async () => {
  const { calls } = documentServer([seg(0, "first", null), seg(1, "second", null)]);
  renderFresh(<TranscriptEditor transcription={T} segments={[seg(0, "first", null), seg(1, "second", null)]} format={{ formatted: null, run: null }} capabilities={FULL_EDITOR_CAPABILITIES} styles={[]} />);
  open("00:00", 5);
  fireEvent.keyDown(box(), { key: "Enter" });
  expect(box().value).toBe("second");
  expect(calls.some((c) => c.method === "POST" && c.path.endsWith("/segments"))).toBe(false);
  fireEvent.change(box(), { target: { value: "second edited" } });
  fireEvent.keyDown(box(), { key: "z", ctrlKey: true });
  expect(box().value).toBe("second");
  fireEvent.keyDown(box(), { key: "z", ctrlKey: true, shiftKey: true });
  expect(box().value).toBe("second edited");
});
