/** @run-alone: real engines on minutes of audio keep both cores busy (jest.config.mjs). */
import { readFileSync } from "node:fs";
import { mkdirSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { useTestEnv } from "@/test/support/env";
import { writeMicroWhisperModel } from "@/test/support/micro-whisper-model";
import { BYTES_PER_SECOND, WAV_HEADER_BYTES } from "@/lib/audio/wav";
import { agreedPrefix, agreementLive } from "./agreement-live";
import { createOpenAiEngine } from "./openai";
import { MAX_PIECE_MS, MIN_PIECE_MS, piecewiseLive } from "./piecewise-live";
import { sphinxLive } from "./sphinx-live";
import type { EngineSegment, LiveTranscriber } from "./types";
import { whisperEngine } from "./whisper";

const JFK = readFileSync(path.resolve(__dirname, "../../../test/fixtures/audio/jfk.wav")).subarray(WAV_HEADER_BYTES);
const silence = (ms: number) => Buffer.alloc((ms * BYTES_PER_SECOND) / 1000);

/** Feeds PCM in 250 ms chunks, as the browser sends it; `pace` waits between chunks (1 = real time). */
async function feed(live: LiveTranscriber, pcm: Buffer, pace = 0) {
  for (let at = 0; at < pcm.length; at += 8000) {
    await live.write(pcm.subarray(at, at + 8000));
    if (pace) await new Promise((r) => setTimeout(r, 250 * pace));
  }
}

function collector(dir: string, offsetMs = 0) {
  const heard: Array<EngineSegment & { at: number }> = [];
  const pending: string[] = [];
  return {
    heard,
    pending,
    request: {
      language: "en",
      offsetMs,
      workDir: dir,
      onUtterance: async (u: EngineSegment) => void heard.push({ ...u, at: Date.now() }),
      onPending: (text: string) => void pending.push(text),
    },
  };
}

describe("live transcription adapters", () => {
  const { dataDir } = useTestEnv({});

  describe.each([
    ["its library's binding, word by word", {}],
    ["its CLI, a sentence at a time", { POCKETSPHINX_PYTHON: "/nonexistent/python3" }],
  ])("PocketSphinx through %s", (how, config) => {
    const streams = !("POCKETSPHINX_PYTHON" in config);
    beforeEach(() => Object.assign(process.env, config));
    afterEach(() => {
      if (!streams) delete process.env.POCKETSPHINX_PYTHON;
    });

    it("reports each utterance while the audio still arrives, in order, in recording time", async () => {
      const c = collector(dataDir, 60_000);
      const live = await sphinxLive(c.request);
      await feed(live, Buffer.concat([JFK.subarray(0, 6 * BYTES_PER_SECOND), silence(1500)]));
      // Before the end of the recording: the utterances of its first six seconds are there.
      for (let i = 0; i < 50 && !c.heard.length; i++) await new Promise((r) => setTimeout(r, 100));
      expect(c.heard.length).toBeGreaterThan(0);
      await feed(live, Buffer.concat([JFK.subarray(6 * BYTES_PER_SECOND), silence(1500)]));
      await live.end();
      const text = c.heard.map((u) => u.text).join(" ");
      expect(text).toMatch(/country/);
      for (const [i, u] of c.heard.entries()) {
        // Times are from the recording's start: this session began at 60 s.
        expect(u.startMs).toBeGreaterThanOrEqual(60_000);
        expect(u.endMs).toBeLessThanOrEqual(60_000 + 15_000);
        expect(u.words?.length).toBeGreaterThan(0);
        if (i > 0) expect(u.startMs).toBeGreaterThanOrEqual(c.heard[i - 1].endMs);
      }
      // Words still changing only where the binding is: cleared after each utterance.
      if (streams) {
        expect(c.pending.filter(Boolean).length).toBeGreaterThan(3);
        expect(c.pending.at(-1)).toBe("");
      } else expect(c.pending).toEqual([]);
    });

    it("refuses other languages clearly", async () => {
      await expect(sphinxLive({ ...collector(dataDir).request, language: "de" })).rejects.toThrow("PocketSphinx transcribes English only.");
    });

    it("an aborted session reports nothing more", async () => {
      const c = collector(dataDir);
      const live = await sphinxLive(c.request);
      await feed(live, JFK.subarray(0, 3 * BYTES_PER_SECOND));
      live.abort();
      await live.end();
      expect(c.heard).toEqual([]);
      void how;
    });
  });

  it("PocketSphinx word by word: the words of a sentence show while it is spoken, and the final words are the CLI's", async () => {
    const speech = Buffer.concat([JFK, silence(1500)]);
    const byBinding = collector(dataDir);
    const events: Array<{ at: number; kind: "pending" | "utterance"; text: string; endMs?: number }> = [];
    const live = await sphinxLive({
      ...byBinding.request,
      onPending: (text) => void events.push({ at: Date.now(), kind: "pending", text }),
      onUtterance: async (u) => void events.push({ at: Date.now(), kind: "utterance", text: u.text, endMs: u.endMs }),
    });
    const started = Date.now();
    // At real-time pace, as a browser sends it.
    await feed(live, speech, 1);
    await live.end();
    const utterances = events.filter((e) => e.kind === "utterance");
    expect(utterances.length).toBeGreaterThan(1);
    // Each utterance's words were shown before it was final; and while it was still being
    // said: a word showed before the audio of the utterance's end had been sent (once at
    // least — a busy test machine may delay some).
    const firstShown = utterances.map((u, i) => events.find((e) => e.kind === "pending" && e.text && e.at > (i ? utterances[i - 1].at : 0) && e.at <= u.at));
    expect(firstShown.every(Boolean)).toBe(true);
    expect(firstShown.some((shown, i) => shown!.at - started < utterances[i].endMs!)).toBe(true);
    // The same decoder and model as the CLI: the final words match it exactly.
    process.env.POCKETSPHINX_PYTHON = "/nonexistent/python3";
    try {
      const byCli = collector(dataDir);
      const cli = await sphinxLive(byCli.request);
      await feed(cli, speech);
      await cli.end();
      expect(utterances.map((u) => u.text)).toEqual(byCli.heard.map((u) => u.text));
    } finally {
      delete process.env.POCKETSPHINX_PYTHON;
    }
  }, 60_000);

  it("pieces for batch APIs: cut at pauses into 5–15 s, sent one at a time, times shifted into the recording", async () => {
    const lengths: number[] = [];
    const server = http.createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const body = Buffer.concat(chunks);
      // The multipart body holds one WAV: its data length tells how long the piece was.
      const riff = body.indexOf("RIFF");
      const seconds = body.readUInt32LE(riff + 40) / BYTES_PER_SECOND;
      lengths.push(seconds);
      res.writeHead(200, { "content-type": "application/json" }).end(
        JSON.stringify({ language: "english", text: `piece ${lengths.length}`, segments: [{ start: 0.5, end: seconds - 0.1, text: `piece ${lengths.length}` }] }),
      );
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const api = createOpenAiEngine(() => ({ baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, apiKey: "k", model: "m" }));
    try {
      const c = collector(dataDir, 1000);
      const live = piecewiseLive(api, c.request);
      // 11 s of speech, a pause, 11 s of speech, silence: two pieces at least, none longer than 15 s.
      await feed(live, Buffer.concat([JFK, silence(800), JFK, silence(2000)]));
      await live.end();
      expect(lengths.length).toBeGreaterThanOrEqual(2);
      for (const s of lengths) expect(s * 1000).toBeLessThanOrEqual(MAX_PIECE_MS + 300);
      expect(lengths[0] * 1000).toBeGreaterThanOrEqual(MIN_PIECE_MS);
      expect(c.heard.map((u) => u.text)).toEqual(lengths.map((_, i) => `piece ${i + 1}`));
      expect(c.heard[0].startMs).toBe(1500);
      for (let i = 1; i < c.heard.length; i++) expect(c.heard[i].startMs).toBeGreaterThan(c.heard[i - 1].endMs);
    } finally {
      server.close();
    }
  });

  it("LocalAgreement confirms the words two passes agree on", () => {
    const w = (...words: string[]) => words.map((word, i) => ({ word, start_ms: i * 300, end_ms: i * 300 + 250 }));
    expect(agreedPrefix(w("And", "so", "my", "fellow"), w("and", "so,", "my", "friends"))).toBe(3);
    expect(agreedPrefix(w("Ask", "not"), w("And", "not"))).toBe(0);
    expect(agreedPrefix([], w("a"))).toBe(0);
  });

  it("whisper live on the real binding: passes every second, confirmed words in order, nothing pending at the end", async () => {
    const models = path.join(dataDir, "models");
    mkdirSync(models, { recursive: true });
    process.env.WHISPER_MODEL = path.join(models, "ggml-micro.bin");
    process.env.WHISPER_VAD = "false";
    await writeMicroWhisperModel(process.env.WHISPER_MODEL, { multilingual: true });
    const c = collector(dataDir, 5000);
    const live = agreementLive(whisperEngine, c.request);
    await feed(live, JFK);
    await live.end();
    const words = c.heard.flatMap((u) => u.words ?? []);
    expect(words.length).toBeGreaterThan(0);
    for (let i = 1; i < words.length; i++) expect(words[i].start_ms).toBeGreaterThanOrEqual(words[i - 1].start_ms);
    expect(words[0].start_ms).toBeGreaterThanOrEqual(5000);
    expect(words.at(-1)!.end_ms).toBeLessThanOrEqual(5000 + 11_000 + 50);
    // A pass ran for each second of audio: pending text was reported as it went, and cleared at the end.
    expect(c.pending.length).toBeGreaterThanOrEqual(10);
    expect(c.pending.at(-1)).toBe("");
  }, 120_000);
});
