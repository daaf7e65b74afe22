import { readFile } from "node:fs/promises";
import { promptFor } from "./vocabulary-prompt";
import path from "node:path";
import type { WordTiming } from "@/lib/db/schema";
import { languageCodeFromName } from "./language-names";
import { piecewiseLive } from "./piecewise-live";
import { PermanentEngineError, TransientEngineError, type Engine, type EngineResult, type EngineSegment } from "./types";
import { env } from "@/lib/env";

export interface OpenAiConfig {
  baseUrl: string;
  apiKey: string;
  model: string;
}

function openAiConfig(): OpenAiConfig | null {
  const { OPENAI_BASE_URL: baseUrl, OPENAI_API_KEY: apiKey, TRANSCRIBE_MODEL: model } = env();
  if (!baseUrl && !apiKey) return null;
  return {
    baseUrl: (baseUrl || "https://api.openai.com/v1").replace(/\/+$/, ""),
    apiKey: apiKey ?? "",
    model,
  };
}

const REQUEST_TIMEOUT_MS = 10 * 60 * 1000;
const TRANSIENT_STATUSES = new Set([408, 409, 425, 429, 500, 502, 503, 504]);

interface VerboseJson {
  language?: string;
  text?: string;
  segments?: Array<{ start: number; end: number; text: string; avg_logprob?: number }>;
  words?: Array<{ word: string; start: number; end: number }>;
}

/** verbose_json → segments, with the words that fall inside each segment. */
export function segmentsFromVerboseJson(body: VerboseJson): EngineSegment[] {
  const words: WordTiming[] = (body.words ?? []).map((w) => ({
    word: w.word.trim(),
    start_ms: Math.round(w.start * 1000),
    end_ms: Math.round(w.end * 1000),
  }));
  const segments = (body.segments ?? []).map((s) => {
    const startMs = Math.round(s.start * 1000);
    const endMs = Math.round(s.end * 1000);
    const inside = words.filter((w) => w.start_ms >= startMs && w.start_ms < endMs);
    return {
      startMs,
      endMs,
      text: s.text.trim(),
      words: inside.length ? inside : undefined,
      confidence: s.avg_logprob === undefined ? undefined : Math.exp(s.avg_logprob),
    };
  });
  if (!segments.length && body.text?.trim()) {
    return [{ startMs: 0, endMs: words.at(-1)?.end_ms ?? 0, text: body.text.trim(), words: words.length ? words : undefined }];
  }
  return segments.filter((s) => s.text);
}

/** Any OpenAI-compatible `/audio/transcriptions` endpoint (OpenAI, Groq, faster-whisper servers). */
export function createOpenAiEngine(config: () => OpenAiConfig | null = openAiConfig): Engine {
  const engine: Engine = {
    name: "openai",
    // 5 min of 16 kHz WAV ≈ 10 MB, well under the usual 25 MB limit.
    pieceSeconds: 300,
    // The work is remote: a few requests at once, kind to the API's rate limits.
    parallelism: () => env().TRANSCRIBE_PARALLEL ?? 4,
    // The work is on the API's servers: here only cutting pieces and waiting.
    liveCores: () => 0.05,
    detectsLanguage: true,
    languages: () => "any",
    async availability() {
      return config() ? { available: true } : { available: false, reason: "OPENAI_BASE_URL / OPENAI_API_KEY are not set." };
    },
    async transcribe({ wavPath, language, previousText, vocabulary, signal, onProgress }): Promise<EngineResult> {
      const cfg = config();
      if (!cfg) throw new PermanentEngineError("The speech API is not configured.");
      const form = new FormData();
      form.set("file", new Blob([await readFile(wavPath)], { type: "audio/wav" }), path.basename(wavPath));
      form.set("model", cfg.model);
      form.set("response_format", "verbose_json");
      form.append("timestamp_granularities[]", "segment");
      form.append("timestamp_granularities[]", "word");
      if (language) form.set("language", language);
      const prompt = promptFor(vocabulary, previousText);
      if (prompt) form.set("prompt", prompt);
      const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
      let response: Response;
      try {
        response = await fetch(`${cfg.baseUrl}/audio/transcriptions`, {
          method: "POST",
          headers: cfg.apiKey ? { authorization: `Bearer ${cfg.apiKey}` } : {},
          body: form,
          signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
        });
      } catch (error) {
        if (signal?.aborted) throw error;
        throw new TransientEngineError(`The speech API could not be reached: ${(error as Error).message}`);
      }
      if (!response.ok) {
        const text = (await response.text().catch(() => "")).slice(0, 300);
        const message = `The speech API answered ${response.status}: ${text || response.statusText}`;
        if (TRANSIENT_STATUSES.has(response.status)) throw new TransientEngineError(message);
        throw new PermanentEngineError(message);
      }
      const body = (await response.json().catch(() => null)) as VerboseJson | null;
      if (!body) throw new TransientEngineError("The speech API sent a reply that is not JSON.");
      onProgress?.(1);
      return { segments: segmentsFromVerboseJson(body), language: languageCodeFromName(body.language) };
    },
    // VAD-bounded pieces of 5–15 s to the same batch endpoint.
    live: async (request) => piecewiseLive(engine, request),
  };
  return engine;
}

export const openAiEngine = createOpenAiEngine();
