import type { LocalSpeaker } from "./diarization";
import { clusterSpeakers } from "./global-clustering";

const unit = (v: number[]) => v.map((x) => x / Math.hypot(...v));
// Two voices far apart (cosine distance ~1), and each heard again slightly changed.
const A = unit([1, 0.05, 0]);
const A2 = unit([1, 0, 0.05]);
const B = unit([0, 1, 0.05]);
const B2 = unit([0.05, 1, 0]);

const local = (chunk: number, embedding: number[], ...turns: Array<[number, number]>): LocalSpeaker => ({
  chunk,
  embedding,
  turns: turns.map(([startMs, endMs]) => ({ startMs, endMs })),
});

// Two chunks of a conversation: A then B in the first, B then A in the second.
const conversation = [local(0, A, [0, 4000], [9000, 12000]), local(0, B, [4000, 9000]), local(1, B2, [12000, 15000]), local(1, A2, [15000, 20000])];

describe("clusterSpeakers", () => {
  it("joins the chunks' speakers into the file's by cosine distance under the threshold", () => {
    const result = clusterSpeakers(conversation, { speakers: null, threshold: 0.5 });
    expect(result.speakers.map((s) => s.speaker)).toEqual([0, 1]);
    expect(result.turns).toEqual([
      { startMs: 0, endMs: 4000, speaker: 0 },
      { startMs: 4000, endMs: 9000, speaker: 1 },
      { startMs: 9000, endMs: 12000, speaker: 0 },
      { startMs: 12000, endMs: 15000, speaker: 1 },
      { startMs: 15000, endMs: 20000, speaker: 0 },
    ]);
  });

  it("keeps voices apart that are farther than the threshold", () => {
    const result = clusterSpeakers(conversation, { speakers: null, threshold: 0.001 });
    expect(result.speakers).toHaveLength(4);
  });

  it("cuts into the number of speakers given, whatever the threshold", () => {
    expect(clusterSpeakers(conversation, { speakers: 2, threshold: 0.001 }).speakers).toHaveLength(2);
    // More than there are chunk speakers: as many as there are.
    expect(clusterSpeakers(conversation, { speakers: 9, threshold: 0.5 }).speakers).toHaveLength(4);
  });

  it("never joins two speakers of one chunk by threshold, only when the number given forces it", () => {
    const alike = [local(0, A, [0, 3000]), local(0, A2, [3000, 6000])];
    expect(clusterSpeakers(alike, { speakers: null, threshold: 1.9 }).speakers).toHaveLength(2);
    // With a third chunk holding both voices, its two speakers still go to different groups.
    const third = [...conversation, local(2, A, [20000, 21000]), local(2, B, [21000, 22000])];
    const grouped = clusterSpeakers(third, { speakers: null, threshold: 1.9 });
    expect(grouped.speakers).toHaveLength(2);
    expect(grouped.turns.slice(-2).map((t) => t.speaker)).toEqual([0, 1]);
    const forced = clusterSpeakers(alike, { speakers: 1, threshold: 0.5 });
    expect(forced.speakers).toHaveLength(1);
    expect(forced.turns).toEqual([{ startMs: 0, endMs: 6000, speaker: 0 }]);
  });

  it("numbers speakers in order of first appearance, whatever order the chunks' speakers come in", () => {
    const result = clusterSpeakers([...conversation].reverse(), { speakers: null, threshold: 0.5 });
    expect(result.turns[0]).toEqual({ startMs: 0, endMs: 4000, speaker: 0 });
    expect(result.speakers[0].seconds).toBe(4 + 3 + 5);
  });

  it("merges a speaker's consecutive turns, across chunks too, and keeps them in time order", () => {
    const result = clusterSpeakers([local(1, A2, [20000, 25000]), local(0, B, [0, 2000]), local(0, A, [2000, 8000], [9000, 19000])], { speakers: null, threshold: 0.5 });
    expect(result.turns).toEqual([
      { startMs: 0, endMs: 2000, speaker: 0 },
      { startMs: 2000, endMs: 25000, speaker: 1 },
    ]);
    // Seconds count speech, not the pauses the merged turn spans.
    expect(result.speakers[1].seconds).toBe(6 + 10 + 5);
  });

  it("gives each speaker the unit-length mean of its chunk speakers' embeddings, weighted by their speech", () => {
    const result = clusterSpeakers([local(0, [1, 0], [0, 10000]), local(1, [0, 1], [10000, 40000])], { speakers: 1, threshold: 0.5 });
    const [speaker] = result.speakers;
    expect(speaker.seconds).toBe(40);
    expect(speaker.embedding[0]).toBeCloseTo(10 / Math.hypot(10, 30), 6);
    expect(speaker.embedding[1]).toBeCloseTo(30 / Math.hypot(10, 30), 6);
  });

  it("has nothing to say without speech", () => {
    expect(clusterSpeakers([], { speakers: null, threshold: 0.5 })).toEqual({ turns: [], speakers: [] });
    expect(clusterSpeakers([local(0, A)], { speakers: 2, threshold: 0.5 })).toEqual({ turns: [], speakers: [] });
  });
});
