import { once } from "node:events";
import { writeFileSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { createOpenAiEngine, segmentsFromVerboseJson } from "./openai";
import { PermanentEngineError, TransientEngineError } from "./types";

/** A local server speaking the OpenAI transcription API: multipart in, verbose JSON out. */
interface Seen {
  authorization?: string;
  fields: Record<string, string[]>;
  fileName?: string;
  fileBytes: number;
}

function startFakeApi(reply: (seen: Seen) => { status: number; body: unknown }) {
  const seen: Seen[] = [];
  const server = http.createServer(async (req, res) => {
    const request = new Request(`http://x${req.url}`, {
      method: req.method,
      headers: req.headers as Record<string, string>,
      body: (await (async () => {
        const chunks: Buffer[] = [];
        for await (const c of req) chunks.push(c as Buffer);
        return Buffer.concat(chunks);
      })()) as unknown as BodyInit,
    });
    const form = await request.formData();
    const fields: Record<string, string[]> = {};
    let fileName: string | undefined;
    let fileBytes = 0;
    for (const [key, value] of form.entries()) {
      if (typeof value === "string") (fields[key] ??= []).push(value);
      else {
        fileName = value.name;
        fileBytes = value.size;
      }
    }
    const entry = { authorization: req.headers.authorization, fields, fileName, fileBytes };
    seen.push(entry);
    const { status, body } = reply(entry);
    res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
    expect(req.url).toBe("/v1/audio/transcriptions");
  });
  server.listen(0, "127.0.0.1");
  return {
    seen,
    url: async () => {
      if (!server.listening) await once(server, "listening");
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
    },
    close: () => new Promise((r) => server.close(r)),
  };
}

const VERBOSE = {
  language: "english",
  duration: 11,
  text: "And so my fellow Americans, ask not what your country can do for you.",
  segments: [
    { id: 0, start: 0, end: 4.2, text: " And so my fellow Americans,", avg_logprob: -0.1 },
    { id: 1, start: 4.2, end: 8.5, text: " ask not what your country can do for you.", avg_logprob: -0.3 },
  ],
  words: [
    { word: "And", start: 0.3, end: 0.5 },
    { word: "ask", start: 4.3, end: 4.6 },
  ],
};

describe("openai engine", () => {
  const wav = path.join(os.tmpdir(), `verbatim-openai-${process.pid}.wav`);
  beforeAll(() => writeFileSync(wav, Buffer.alloc(3200)));

  it("sends multipart with the model, verbose_json and segment timings, and maps the answer", async () => {
    const api = startFakeApi(() => ({ status: 200, body: VERBOSE }));
    const engine = createOpenAiEngine(() => null);
    const configured = createOpenAiEngine(() => ({ baseUrl: apiUrl, apiKey: "sk-test", model: "whisper-large-v3" }));
    const apiUrl = await api.url();
    expect((await engine.availability()).available).toBe(false);
    const result = await configured.transcribe({ wavPath: wav, durationS: 0.1, language: "en" });
    expect(api.seen[0]).toMatchObject({
      authorization: "Bearer sk-test",
      fileName: path.basename(wav),
      fileBytes: 3200,
      fields: {
        model: ["whisper-large-v3"],
        response_format: ["verbose_json"],
        "timestamp_granularities[]": ["segment", "word"],
        language: ["en"],
      },
    });
    expect(result.language).toBe("en");
    expect(result.segments).toEqual([
      { startMs: 0, endMs: 4200, text: "And so my fellow Americans,", words: [{ word: "And", start_ms: 300, end_ms: 500 }], confidence: Math.exp(-0.1) },
      { startMs: 4200, endMs: 8500, text: "ask not what your country can do for you.", words: [{ word: "ask", start_ms: 4300, end_ms: 4600 }], confidence: Math.exp(-0.3) },
    ]);
    await api.close();
  });

  it("omits the language to let the server detect it", async () => {
    const api = startFakeApi(() => ({ status: 200, body: { ...VERBOSE, language: "fr" } }));
    const url = await api.url();
    const result = await createOpenAiEngine(() => ({ baseUrl: url, apiKey: "", model: "m" })).transcribe({ wavPath: wav, durationS: 0.1, language: null });
    expect(api.seen[0].fields.language).toBeUndefined();
    expect(api.seen[0].authorization).toBeUndefined();
    expect(result.language).toBe("fr");
    await api.close();
  });

  it("sends the vocabulary as a glossary at the head of the prompt, the text before the piece after it", async () => {
    const api = startFakeApi(() => ({ status: 200, body: VERBOSE }));
    const url = await api.url();
    const engine = createOpenAiEngine(() => ({ baseUrl: url, apiKey: "", model: "m" }));
    const vocabulary = [{ term: "Dashwood", sounds_like: ["dash wood"] }, { term: "Kubernetes", sounds_like: [] }];
    await engine.transcribe({ wavPath: wav, durationS: 0.1, language: "en", vocabulary, previousText: "and so my fellow" });
    await engine.transcribe({ wavPath: wav, durationS: 0.1, language: "en" });
    expect(api.seen[0].fields.prompt).toEqual(["Dashwood, Kubernetes. and so my fellow"]);
    expect(api.seen[1].fields.prompt).toBeUndefined();
    await api.close();
  });

  it("treats 429 and 5xx as transient, other refusals as permanent, and an unreachable server as transient", async () => {
    for (const [status, kind] of [[429, TransientEngineError], [503, TransientEngineError], [400, PermanentEngineError], [401, PermanentEngineError]] as const) {
      const api = startFakeApi(() => ({ status, body: { error: { message: "nope" } } }));
      const url = await api.url();
      await expect(createOpenAiEngine(() => ({ baseUrl: url, apiKey: "k", model: "m" })).transcribe({ wavPath: wav, durationS: 1, language: null })).rejects.toBeInstanceOf(kind);
      await api.close();
    }
    await expect(
      createOpenAiEngine(() => ({ baseUrl: "http://127.0.0.1:9/v1", apiKey: "k", model: "m" })).transcribe({ wavPath: wav, durationS: 1, language: null }),
    ).rejects.toBeInstanceOf(TransientEngineError);
  });

  it("falls back to the whole text when a server gives no segments", () => {
    expect(segmentsFromVerboseJson({ text: " hello there " })).toEqual([{ startMs: 0, endMs: 0, text: "hello there", words: undefined }]);
  });
});
