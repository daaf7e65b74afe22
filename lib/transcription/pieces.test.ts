import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { run } from "@/lib/process/run";
import { planPieces, writePiece } from "./pieces";
import { SAMPLE_RATE, WAV_HEADER_BYTES, wavHeader } from "@/lib/audio/wav";

/** Loud noise for `seconds`, except silence in the given [from, to) stretches. */
function noiseWithPauses(seconds: number, pauses: Array<[number, number]>): Buffer {
  const samples = Math.round(seconds * SAMPLE_RATE);
  const data = Buffer.alloc(samples * 2);
  let seed = 7;
  for (let i = 0; i < samples; i++) {
    const t = i / SAMPLE_RATE;
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    const silent = pauses.some(([from, to]) => t >= from && t < to);
    data.writeInt16LE(silent ? 0 : (seed % 20000) - 10000, i * 2);
  }
  return Buffer.concat([wavHeader(data.length), data]);
}

describe("pieces of long audio", () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "verbatim-pieces-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("cuts in the pauses near each target, short first piece, the rest whole", async () => {
    const wav = path.join(dir, "pauses.wav");
    writeFileSync(wav, noiseWithPauses(110, [[26.8, 27.4], [83.6, 84.2]]));
    const pieces = await planPieces(wav, 110, 60);
    expect(pieces.map((p) => p.index)).toEqual([0, 1, 2]);
    expect(pieces[0].startS).toBe(0);
    expect(pieces[0].endS).toBeGreaterThan(26.8);
    expect(pieces[0].endS).toBeLessThan(27.4);
    expect(pieces[1].endS).toBeGreaterThan(83.6);
    expect(pieces[1].endS).toBeLessThan(84.2);
    expect(pieces[2].endS).toBe(110);
    // In order, no gaps, no overlaps.
    for (let i = 1; i < pieces.length; i++) expect(pieces[i].startS).toBe(pieces[i - 1].endS);
  });

  it("gives audio shorter than a piece one piece", async () => {
    const wav = path.join(dir, "short.wav");
    writeFileSync(wav, noiseWithPauses(20, []));
    expect(await planPieces(wav, 20, 60)).toEqual([{ index: 0, startS: 0, endS: 20 }]);
  });

  it("cuts at the target when there is no pause at all", async () => {
    const wav = path.join(dir, "steady.wav");
    writeFileSync(wav, noiseWithPauses(70, []));
    const pieces = await planPieces(wav, 70, 30, 0);
    expect(pieces).toHaveLength(3);
    for (const piece of pieces.slice(0, 2)) {
      expect(piece.endS - piece.startS).toBeGreaterThan(22);
      expect(piece.endS - piece.startS).toBeLessThanOrEqual(30);
    }
  });

  it("for two lanes: two short first pieces, and the end split evenly so neither lane waits alone", async () => {
    const wav = path.join(dir, "lanes.wav");
    writeFileSync(wav, noiseWithPauses(200, []));
    const pieces = await planPieces(wav, 200, 60, 2);
    const lengths = pieces.map((p) => p.endS - p.startS);
    expect(lengths[0]).toBeLessThanOrEqual(30);
    expect(lengths[1]).toBeLessThanOrEqual(30);
    expect(pieces.at(-1)!.endS).toBe(200);
    const [a, b] = lengths.slice(-2);
    expect(Math.abs(a - b)).toBeLessThan(10);
    expect(Math.max(...lengths)).toBeLessThanOrEqual(60);
  });

  it("writes pieces that are valid WAVs and together hold every sample once", async () => {
    const wav = path.join(dir, "whole.wav");
    writeFileSync(wav, noiseWithPauses(75, [[28, 29]]));
    const pieces = await planPieces(wav, 75, 40);
    expect(pieces.length).toBeGreaterThan(1);
    const parts: Buffer[] = [];
    for (const piece of pieces) {
      const out = path.join(dir, `piece-${piece.index}.wav`);
      await writePiece(wav, piece, out);
      const probe = await run("ffprobe", ["-v", "error", "-show_entries", "format=duration:stream=sample_rate,channels", "-of", "csv=p=0", out], { timeoutMs: 30_000 });
      expect(probe.code).toBe(0);
      const lines = probe.stdout.trim().split("\n");
      expect(lines[0]).toBe("16000,1");
      expect(Number(lines[1])).toBeCloseTo(piece.endS - piece.startS, 2);
      parts.push(readFileSync(out).subarray(WAV_HEADER_BYTES));
    }
    expect(Buffer.concat(parts).equals(readFileSync(wav).subarray(WAV_HEADER_BYTES))).toBe(true);
  });
});
