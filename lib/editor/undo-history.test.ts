import { emptyHistory, record, redo, undo, type HistoryAction } from "./undo-history";

const step = (from: string, to: string) => ({
  before: [{ position: 0, text: from, speaker: null }],
  after: [{ position: 0, text: to, speaker: null }],
});
const applied = (action: HistoryAction) => (action.kind === "apply" ? action.states[0].text : action.kind);

describe("undo history", () => {
  it("undoes and redoes in order", () => {
    let h = record(record(emptyHistory(), step("a", "b")), step("b", "c"));
    const u1 = undo(h)!;
    expect(applied(u1.action)).toBe("b");
    h = u1.history;
    const u2 = undo(h)!;
    expect(applied(u2.action)).toBe("a");
    h = u2.history;
    expect(undo(h)).toBeNull();
    const r1 = redo(h)!;
    expect(applied(r1.action)).toBe("b");
  });

  it("a new edit clears the redo list", () => {
    const h = undo(record(emptyHistory(), step("a", "b")))!.history;
    expect(redo(record(h, step("a", "x")))).toBeNull();
  });

  it("keeps at most 200 steps", () => {
    let h = emptyHistory();
    for (let i = 0; i < 250; i++) h = record(h, step(String(i), String(i + 1)));
    expect(h.done).toHaveLength(200);
    expect(h.done[0]).toMatchObject({ before: [{ text: "50" }] });
  });

  it("a split is undone by a merge at the same place and redone by the same split", () => {
    const h = record(emptyHistory(), { kind: "split", position: 2, word: 3 });
    const u = undo(h)!;
    expect(u.action).toEqual({ kind: "merge", position: 2 });
    expect(redo(u.history)!.action).toEqual({ kind: "split", position: 2, word: 3 });
  });

  it("a merge is undone by a split after the first segment's words, each part getting its speaker back", () => {
    const h = record(emptyHistory(), { kind: "merge", position: 1, word: 4, speakers: ["Ann", "Bob"] });
    const u = undo(h)!;
    expect(u.action).toEqual({ kind: "split", position: 1, word: 4, speakers: ["Ann", "Bob"] });
    expect(redo(u.history)!.action).toEqual({ kind: "merge", position: 1 });
  });

  it("text edits, splits and merges share one history, undone newest first", () => {
    let h = emptyHistory();
    h = record(h, step("a", "b"));
    h = record(h, { kind: "split", position: 0, word: 1 });
    h = record(h, { kind: "merge", position: 0, word: 1, speakers: [null, null] });
    const kinds: string[] = [];
    for (let u = undo(h); u; u = undo(u.history)) kinds.push(applied(u.action));
    expect(kinds).toEqual(["split", "merge", "a"]);
  });
});
