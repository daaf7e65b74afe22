/** @jest-environment jsdom */
import "@testing-library/jest-dom";
import { fireEvent, render, screen } from "@testing-library/react";
import type { SegmentConflict } from "@/lib/api/contract/transcription";
import { SegmentConflictDialog } from "./segment-conflict-dialog";

const conflict = (over: Partial<SegmentConflict> = {}): SegmentConflict => ({
  id: "s1",
  position: 0,
  version: 4,
  text: "welcome to",
  speaker: "Host",
  changed_by: "Maya Lind",
  by_you: false,
  restructured: false,
  ...over,
});
const mine = { text: "Welcome to the show!", start_ms: 17_000, speaker: "Guest" };

test("both texts and both speakers are shown beside the other person's name, with all three choices", () => {
  const onResolve = jest.fn();
  render(<SegmentConflictDialog conflicts={[conflict({ text: "Welcome to the show." })]} mineOf={() => mine} onResolve={onResolve} />);
  expect(screen.getByRole("dialog", { name: "The segment at 00:17 was changed by Maya Lind" })).toHaveTextContent("Maya Lind saved this segment while you were editing it. Choose which text to keep.");
  expect(screen.getByRole("region", { name: "Your text" })).toHaveTextContent("Speaker: Guest");
  expect(screen.getByRole("region", { name: "Maya Lind’s text" })).toHaveTextContent("Speaker: Host");
  fireEvent.click(screen.getByRole("button", { name: "Keep mine" }));
  expect(onResolve).toHaveBeenCalledWith([{ conflict: expect.objectContaining({ id: "s1" }), keep: "mine" }]);
});

test("after the other's split, keeping the whole text is not offered (it would repeat the words now in the next segment); the merge starts from the user's text", () => {
  const onResolve = jest.fn();
  render(<SegmentConflictDialog conflicts={[conflict({ restructured: true })]} mineOf={() => mine} onResolve={onResolve} />);
  expect(screen.getByRole("dialog")).toHaveTextContent("Maya Lind split or merged this segment while you were editing it, so your whole text no longer fits it.");
  expect(screen.queryByRole("button", { name: "Keep mine" })).toBeNull();
  fireEvent.click(screen.getByRole("button", { name: "Edit a merge" }));
  const merged = screen.getByLabelText("Merged text");
  expect(merged).toHaveValue("Welcome to the show!");
  fireEvent.change(merged, { target: { value: "Welcome to" } });
  fireEvent.click(screen.getByRole("button", { name: "Save the merge" }));
  expect(onResolve).toHaveBeenCalledWith([{ conflict: expect.objectContaining({ restructured: true }), keep: "merged", text: "Welcome to" }]);
});
