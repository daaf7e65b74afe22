import { voice } from "@/test/support/transcript-speakers";
import { addSample, cosine, defaultSpeakerName, matchProfiles } from "./voice-similarity";

describe("voice similarity", () => {
  it("compares embeddings by angle, and not at all when they cannot be compared", () => {
    expect(cosine([1, 0], [2, 0])).toBeCloseTo(1);
    expect(cosine([1, 0], [0, 3])).toBeCloseTo(0);
    expect(cosine([1, 1], [-1, -1])).toBeCloseTo(-1);
    expect(cosine([1, 0], [1, 0, 0])).toBeNull();
    expect(cosine([0, 0], [1, 0])).toBeNull();
    expect(cosine([], [])).toBeNull();
  });

  it("keeps a profile a unit-length mean weighted by its samples", () => {
    const first = addSample({ embedding: [], samples: 0 }, [3, 4]);
    expect(first.samples).toBe(1);
    expect(first.embedding[0]).toBeCloseTo(0.6);
    expect(first.embedding[1]).toBeCloseTo(0.8);
    // three samples along x, one along y: the mean leans 3:1 towards x
    const fourth = addSample({ embedding: [1, 0], samples: 3 }, [0, 1]);
    expect(fourth.samples).toBe(4);
    expect(fourth.embedding[1] / fourth.embedding[0]).toBeCloseTo(1 / 3);
    expect(Math.hypot(...fourth.embedding)).toBeCloseTo(1);
    // a sample of another speaker model cannot be averaged in: it starts the profile again
    expect(addSample({ embedding: [1, 0], samples: 5 }, [0, 0, 2])).toEqual({ embedding: [0, 0, 1], samples: 1 });
  });

  it("suggests each profile for at most one speaker, the closest, and only above the threshold", () => {
    const maya = { id: "p-maya", name: "Maya", embedding: voice(0) };
    const tom = { id: "p-tom", name: "Tom", embedding: voice(3) };
    const speakers = [
      { speaker: 0, embedding: voice(0, 0.5) }, // 0.89 like Maya
      { speaker: 1, embedding: voice(0, 0.2) }, // 0.98 like Maya
      { speaker: 2, embedding: voice(3, 2) }, // 0.45 like Tom
    ];
    const chosen = matchProfiles(speakers, [maya, tom], 0.6);
    expect([...chosen].map(([s, p]) => [s, p.name])).toEqual([[1, "Maya"]]);
    expect(matchProfiles(speakers, [maya, tom], 0.4).get(2)?.name).toBe("Tom");
    expect(matchProfiles(speakers, [], 0.6).size).toBe(0);
  });

  it("gives the speaker to the closer of two profiles, and the other profile may take another speaker", () => {
    const a = { id: "a", name: "A", embedding: voice(0, 0.3) };
    const b = { id: "b", name: "B", embedding: voice(0) };
    const chosen = matchProfiles([{ speaker: 0, embedding: voice(0) }, { speaker: 1, embedding: voice(0, 0.35) }], [a, b], 0.6);
    expect(chosen.get(0)?.name).toBe("B");
    expect(chosen.get(1)?.name).toBe("A");
  });

  it("names detected speakers from 1", () => {
    expect(defaultSpeakerName(0)).toBe("Speaker 1");
    expect(defaultSpeakerName(9)).toBe("Speaker 10");
  });
});
