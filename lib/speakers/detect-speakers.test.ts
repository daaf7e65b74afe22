import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { useTestEnv } from "@/test/support/env";
import { speakersOrNote } from "./detect-speakers";

describe("finding a file's speakers, or saying why not", () => {
  useTestEnv({ SPEAKER_MODELS_AUTO_DOWNLOAD: "false" });
  const work = mkdtempSync(path.join(os.tmpdir(), "verbatim-detect-"));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it("a file no detector can read gives the transcript one sentence instead of speakers, and nothing is thrown", async () => {
    const wavPath = path.join(work, "broken.wav");
    writeFileSync(wavPath, Buffer.from("this is not a wave file at all, just some text"));
    const found = await speakersOrNote({ wavPath, durationS: 10, speakers: null });
    expect(found).toEqual({ note: expect.stringMatching(/^Speakers could not be told apart \([a-z].*[^.]\), so this transcript has no speaker labels\.$/) });
  });

  it("a detection stopped by the speech pass's end (or the worker's) gives nothing, not a sentence", async () => {
    const wavPath = path.join(work, "broken-too.wav");
    writeFileSync(wavPath, Buffer.alloc(10));
    const stop = new AbortController();
    stop.abort();
    expect(await speakersOrNote({ wavPath, durationS: 10, speakers: null, signal: stop.signal })).toBeNull();
  });
});
