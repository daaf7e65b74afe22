import { renderExport } from "@/lib/exports/render";
import { source } from "@/test/support/export-source";
import { BUSY_MESSAGE, OWNER_BUSY_MESSAGE, runOffThread } from "./off-thread";

const RAW = { timestamps: true, version: "raw", timeZone: "UTC" } as const;

describe("runOffThread", () => {
  it("gives what the task gives on the request's thread, bytes included", async () => {
    const [threaded, inline] = await Promise.all([runOffThread("renderExport", ["txt", source(), RAW], "user-1"), renderExport("txt", source(), RAW)]);
    expect(Buffer.from(threaded.body).toString()).toBe(Buffer.from(inline.body).toString());
    expect([threaded.contentType, threaded.filename]).toEqual([inline.contentType, inline.filename]);
  });

  it("a DomainError thrown in the thread arrives as the same DomainError", async () => {
    await expect(runOffThread("renderExport", ["md", source({ formattedMarkdown: null }), { ...RAW, version: "formatted" }], "user-1")).rejects.toMatchObject({
      name: "DomainError",
      kind: "conflict",
    });
  });

  it("one user has at most 2 heavy requests under way; the third is 429 with a sentence, others go on", async () => {
    const segment = { previous: [], text: "one two", startMs: 0, endMs: 1000 };
    const mine = [1, 2, 3].map(() => runOffThread("realignSegments", [segment], "busy-user"));
    const other = runOffThread("realignSegments", [segment], "another-user");
    const [first, second, third] = await Promise.allSettled(mine);
    expect([first.status, second.status]).toEqual(["fulfilled", "fulfilled"]);
    expect(third).toMatchObject({ status: "rejected", reason: { kind: "rate_limited", message: OWNER_BUSY_MESSAGE } });
    await expect(other).resolves.toHaveLength(1);
    // Done, the user's slots are free again.
    await expect(runOffThread("realignSegments", [segment], "busy-user")).resolves.toHaveLength(1);
  });

  it("reads an input given as a function only once the owner's place is taken: a refused request reads nothing", async () => {
    const segment = { previous: [], text: "one two", startMs: 0, endMs: 1000 };
    const reads: number[] = [];
    const read = (i: number) => async () => {
      reads.push(i);
      return [segment] as [typeof segment];
    };
    const results = await Promise.allSettled([1, 2, 3, 4].map((i) => runOffThread("realignSegments", read(i), "lazy-user")));
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "fulfilled", "rejected", "rejected"]);
    expect(reads).toEqual([1, 2]);
  });

  it("queues a burst and refuses what would wait past the queue's bound, so memory cannot pile up", async () => {
    const segment = { previous: [], text: "one two", startMs: 0, endMs: 1000 };
    const results = await Promise.allSettled(Array.from({ length: 100 }, (_, i) => runOffThread("realignSegments", [segment], `user-${i}`)));
    const refused = results.filter((r) => r.status === "rejected");
    expect(refused.length).toBeGreaterThan(0);
    for (const r of refused) expect(r.reason).toMatchObject({ kind: "unavailable", message: BUSY_MESSAGE });
    const done = results.filter((r) => r.status === "fulfilled");
    expect(done.length).toBeGreaterThanOrEqual(64);
    expect(done[0].value).toEqual([[{ word: "one", start_ms: 0, end_ms: 500 }, { word: "two", start_ms: 500, end_ms: 1000 }]]);
    // The queue drains: a later task runs.
    await expect(runOffThread("realignSegments", [segment], "user-1")).resolves.toHaveLength(1);
  });
});
