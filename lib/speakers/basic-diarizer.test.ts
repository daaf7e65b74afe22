import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { BYTES_PER_SECOND, wavHeader } from "@/lib/audio/wav";
import { run } from "@/lib/process/run";
import { attributionAccuracy, oneVoice, speakerChanges, twoVoiceDialog, type TestAudio } from "@/test/support/dialog-audio";
import { diarizeBasic } from "./basic-diarizer";
import { DiarizationError, type Diarization } from "./diarization";

let dir: string;
let dialog: TestAudio;
let kennedy: TestAudio;
let reader: TestAudio;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), "verbatim-speakers-"));
  [dialog, kennedy, reader] = await Promise.all([twoVoiceDialog(dir), oneVoice(dir, "kennedy"), oneVoice(dir, "reader")]);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const diarize = (audio: TestAudio, speakers: number | null = null, chunkSeconds?: number) =>
  diarizeBasic({ wavPath: audio.wavPath, durationS: audio.durationS, speakers }, { chunkSeconds });

/** Both voices found, every change of speaker within 1 s of the truth, at least 85 % of the speech given to the right one. */
function expectTheDialog(result: Diarization) {
  expect(result.diarizer).toBe("basic");
  expect(result.speakers.map((s) => s.speaker)).toEqual([0, 1]);
  const truth = speakerChanges(dialog.truth);
  const found = speakerChanges(result.turns);
  expect(found).toHaveLength(truth.length);
  found.forEach((at, i) => expect(Math.abs(at - truth[i])).toBeLessThanOrEqual(1000));
  expect(attributionAccuracy(dialog.truth, result.turns)).toBeGreaterThanOrEqual(0.85);
}

function silentWav(seconds: number): string {
  const file = path.join(dir, `silence-${seconds}.wav`);
  const samples = Buffer.alloc(seconds * BYTES_PER_SECOND);
  writeFileSync(file, Buffer.concat([wavHeader(samples.length), samples]));
  return file;
}

describe("diarizeBasic", () => {
  it("tells two real voices apart in a dialog: turns within 1 s, at least 85 % of the speech to the right speaker", async () => {
    const result = await diarize(dialog);
    expectTheDialog(result);
    // Kennedy speaks first, and each voice speaks about half the time.
    expect(result.turns[0].speaker).toBe(0);
    for (const speaker of result.speakers) {
      expect(speaker.seconds).toBeGreaterThan(8);
      expect(Math.hypot(...speaker.embedding)).toBeCloseTo(1, 6);
    }
  });

  it("finds the same two voices when the dialog is diarized in chunks shorter than a turn pair", async () => {
    expectTheDialog(await diarize(dialog, null, 13));
  });

  it("keeps one voice one speaker: Kennedy's 11 s, and the reader's 2 minutes in 30-s chunks", async () => {
    for (const [audio, chunkSeconds] of [
      [kennedy, undefined],
      [reader, 30],
    ] as const) {
      const result = await diarize(audio, null, chunkSeconds);
      expect(result.speakers).toHaveLength(1);
      expect(result.turns.every((turn) => turn.speaker === 0)).toBe(true);
      expect(result.speakers[0].seconds).toBeGreaterThan(audio.durationS * 0.6);
    }
  });

  it("looks for as many speakers as the user said there are", async () => {
    expectTheDialog(await diarize(dialog, 2));
    expect((await diarize(kennedy, 2)).speakers).toHaveLength(2);
  });

  it("gives all the speech to one speaker when the user said there is one", async () => {
    const result = await diarize(dialog, 1);
    expect(result.speakers).toHaveLength(1);
    expect(result.turns).toHaveLength(1);
    expect(result.turns[0].startMs).toBeLessThan(500);
    expect(result.turns[0].endMs).toBeGreaterThan(dialog.durationS * 1000 - 500);
    expect(result.speakers[0].embedding).toHaveLength(38);
  });

  it("finds nobody in silence", async () => {
    const result = await diarizeBasic({ wavPath: silentWav(20), durationS: 20, speakers: null });
    expect(result).toEqual({ diarizer: "basic", turns: [], speakers: [] });
  });

  it("reads a WAV with more header chunks than the app writes (ffmpeg's LIST chunk)", async () => {
    const file = path.join(dir, "with-list.wav");
    await run("ffmpeg", ["-v", "error", "-y", "-i", kennedy.wavPath, "-metadata", "title=Kennedy", "-c:a", "pcm_s16le", file], { timeoutMs: 30_000 });
    expect(readFileSync(file).indexOf("LIST")).toBeGreaterThan(0);
    expect((await diarizeBasic({ wavPath: file, durationS: kennedy.durationS, speakers: null })).speakers).toHaveLength(1);
  });

  it("says in a sentence what is wrong with a file it cannot read", async () => {
    const cutOff = path.join(dir, "cut-off.wav");
    writeFileSync(cutOff, readFileSync(kennedy.wavPath).subarray(0, 44 + 2 * BYTES_PER_SECOND));
    const garbage = path.join(dir, "garbage.wav");
    writeFileSync(garbage, Buffer.from("these are not sounds ".repeat(1000)));
    const stereo = Buffer.from(readFileSync(kennedy.wavPath));
    stereo.writeUInt16LE(2, 22);
    const stereoFile = path.join(dir, "stereo.wav");
    writeFileSync(stereoFile, stereo);

    const attempt = (wavPath: string) => diarizeBasic({ wavPath, durationS: 11, speakers: null });
    await expect(attempt(cutOff)).rejects.toThrow(new DiarizationError("The audio file ends after 2.0 s of the 11.0 s its header announces."));
    await expect(attempt(garbage)).rejects.toThrow(new DiarizationError("The audio is not a 16 kHz mono 16-bit WAV file."));
    await expect(attempt(stereoFile)).rejects.toThrow(new DiarizationError("The audio is not a 16 kHz mono 16-bit WAV file."));
    await expect(attempt(path.join(dir, "missing.wav"))).rejects.toThrow(new DiarizationError("The audio file could not be read."));
    await expect(attempt(cutOff)).rejects.toBeInstanceOf(DiarizationError);
  });

  it("stops with an AbortError when its signal aborts, before or during the work", async () => {
    const aborted = AbortSignal.abort();
    await expect(diarizeBasic({ wavPath: reader.wavPath, durationS: reader.durationS, speakers: null, signal: aborted })).rejects.toMatchObject({ name: "AbortError" });
    const controller = new AbortController();
    const running = diarizeBasic({ wavPath: reader.wavPath, durationS: reader.durationS, speakers: null, signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    await expect(running).rejects.toMatchObject({ name: "AbortError" });
  });

  it("lets the event loop run while it works", async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 10);
    await diarize(dialog);
    clearInterval(timer);
    // Without turns of the event loop the timer could fire once at most, at the end; how often
    // it fires depends on the machine's load, so only that it ran meanwhile is held here.
    expect(ticks).toBeGreaterThan(3);
  });
});
