import { placed } from "./list-order";

const row = (id: string, created_at: string) => ({ id, created_at });
const ids = (list: Array<{ id: string }>) => list.map((x) => x.id);

test("a new transcription goes on top, a restored one back between its neighbours, a known one is replaced in place", () => {
  const list = [row("c", "2026-03-03T00:00:00.000Z"), row("a", "2026-03-01T00:00:00.000Z")];
  expect(ids(placed(list, row("d", "2026-03-04T00:00:00.000Z")))).toEqual(["d", "c", "a"]);
  expect(ids(placed(list, row("b", "2026-03-02T00:00:00.000Z")))).toEqual(["c", "b", "a"]);
  expect(ids(placed(list, row("z", "2026-02-01T00:00:00.000Z")))).toEqual(["c", "a", "z"]);
  // Already on top (the live stream brought it back first): moved to its place, not shown twice.
  expect(ids(placed([row("b", "2026-03-02T00:00:00.000Z"), ...list], row("b", "2026-03-02T00:00:00.000Z")))).toEqual(["c", "b", "a"]);
  expect(placed([], row("a", "2026-03-01T00:00:00.000Z"))).toEqual([row("a", "2026-03-01T00:00:00.000Z")]);
});
