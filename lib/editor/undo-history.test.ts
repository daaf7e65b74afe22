import { emptyHistory, record, redo, undo } from "./undo-history";

const step = (from: string, to: string) => ({
  before: [{ position: 0, text: from, speaker: null }],
  after: [{ position: 0, text: to, speaker: null }],
});

describe("undo history", () => {
  it("undoes and redoes in order", () => {
    let h = record(record(emptyHistory(), step("a", "b")), step("b", "c"));
    const u1 = undo(h)!;
    expect(u1.apply[0].text).toBe("b");
    h = u1.history;
    const u2 = undo(h)!;
    expect(u2.apply[0].text).toBe("a");
    h = u2.history;
    expect(undo(h)).toBeNull();
    const r1 = redo(h)!;
    expect(r1.apply[0].text).toBe("b");
  });

  it("a new edit clears the redo list", () => {
    const h = undo(record(emptyHistory(), step("a", "b")))!.history;
    expect(redo(record(h, step("a", "x")))).toBeNull();
  });

  it("keeps at most 200 steps", () => {
    let h = emptyHistory();
    for (let i = 0; i < 250; i++) h = record(h, step(String(i), String(i + 1)));
    expect(h.done).toHaveLength(200);
    expect(h.done[0].before[0].text).toBe("50");
  });
});
