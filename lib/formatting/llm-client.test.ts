import { failure } from "@/test/support/llm-failure";
import { parseEnv } from "@/lib/env";
import { chatComplete, llmConfigFromEnv as fromConfig } from "./llm-client";
import { closeFakeLlms, completion, refusedBaseUrl, startFakeLlm } from "@/test/support/fake-llm";

afterEach(closeFakeLlms);

const MESSAGES = [
  { role: "system" as const, content: "You help." },
  { role: "user" as const, content: "Hi" },
];


const llmConfigFromEnv = (vars?: Record<string, string>) => fromConfig(vars ? parseEnv(vars) : undefined);
const { LLM_TIMEOUT_MS: DEFAULT_LLM_TIMEOUT_MS, LLM_MAX_INPUT_CHARS: DEFAULT_LLM_MAX_INPUT_CHARS } = parseEnv({});

describe("llmConfigFromEnv", () => {
  it("is null when not configured, or configured without a model or with a bad URL", () => {
    expect(llmConfigFromEnv({})).toBeNull();
    expect(llmConfigFromEnv({ LLM_BASE_URL: "  ", LLM_MODEL: "m" })).toBeNull();
    expect(llmConfigFromEnv({ LLM_BASE_URL: "https://api.openai.com/v1" })).toBeNull();
    expect(llmConfigFromEnv({ LLM_MODEL: "gpt-4o-mini", LLM_API_KEY: "sk" })).toBeNull();
    expect(llmConfigFromEnv({ LLM_BASE_URL: "not a url", LLM_MODEL: "m" })).toBeNull();
    expect(llmConfigFromEnv({ LLM_BASE_URL: "ftp://example.com", LLM_MODEL: "m" })).toBeNull();
  });

  it("reads the URL, key, model, timeout and input budget", () => {
    expect(
      llmConfigFromEnv({
        LLM_BASE_URL: " https://api.openai.com/v1/ ",
        LLM_API_KEY: " sk-abc ",
        LLM_MODEL: "gpt-4o-mini",
        LLM_TIMEOUT_MS: "30000",
        LLM_MAX_INPUT_CHARS: "8000",
      }),
    ).toEqual({ baseUrl: "https://api.openai.com/v1", apiKey: "sk-abc", model: "gpt-4o-mini", timeoutMs: 30_000, maxInputChars: 8000 });
  });

  it("needs no key for local servers, accepts a full endpoint URL, and takes the defaults for blank numbers", () => {
    expect(
      llmConfigFromEnv({ LLM_BASE_URL: "http://localhost:11434/v1/chat/completions", LLM_MODEL: "llama3.1", LLM_TIMEOUT_MS: "", LLM_MAX_INPUT_CHARS: " " }),
    ).toEqual({
      baseUrl: "http://localhost:11434/v1",
      apiKey: "",
      model: "llama3.1",
      timeoutMs: DEFAULT_LLM_TIMEOUT_MS,
      maxInputChars: DEFAULT_LLM_MAX_INPUT_CHARS,
    });
    expect([DEFAULT_LLM_TIMEOUT_MS, DEFAULT_LLM_MAX_INPUT_CHARS]).toEqual([120_000, 60_000]);
  });

  it("reads process.env by default", () => {
    const saved = { ...process.env };
    try {
      process.env.LLM_BASE_URL = "http://127.0.0.1:8080/v1";
      process.env.LLM_MODEL = "local";
      delete process.env.LLM_API_KEY;
      expect(llmConfigFromEnv()?.baseUrl).toBe("http://127.0.0.1:8080/v1");
    } finally {
      process.env = saved;
    }
  });
});

describe("chatComplete", () => {
  it("posts to /chat/completions with the key, model, low temperature and JSON mode, and returns the text", async () => {
    const api = startFakeLlm(() => ({ json: completion('  {"ok": true}  ') }));
    const config = await api.config();
    await expect(chatComplete(config, MESSAGES, { json: true })).resolves.toBe('{"ok": true}');
    expect(api.seen[0]).toEqual({
      method: "POST",
      path: "/v1/chat/completions",
      authorization: "Bearer sk-test-key",
      contentType: "application/json",
      body: { model: "test-model", messages: MESSAGES, temperature: 0.2, response_format: { type: "json_object" } },
    });
    await api.close();
  });

  it("sends no Authorization header without a key and no response_format without JSON mode", async () => {
    const api = startFakeLlm(() => ({ json: completion("<think>hmm</think>\nPlain answer") }));
    await expect(chatComplete(await api.config({ apiKey: "" }), MESSAGES)).resolves.toBe("Plain answer");
    expect(api.seen[0].authorization).toBeUndefined();
    expect(api.seen[0].body.response_format).toBeUndefined();
    await api.close();
  });

  it("maps 401/403 to provider_failed (502) with the credentials message, without leaking the key or the body", async () => {
    for (const status of [401, 403]) {
      const api = startFakeLlm(() => ({ status, json: { error: { message: "Incorrect API key provided: sk-test-key" } } }));
      const error = await failure(chatComplete(await api.config(), MESSAGES));
      expect(error.kind).toBe("provider_failed");
      expect(error.reason).toBe("credentials");
      // customers read no configuration names; operators get them in the worker's log
      expect(error.message).toBe("AI formatting is not working on this server right now. Try again later.");
      expect(error.operatorHint).toBe("The formatting service refused our credentials: check LLM_API_KEY.");
      expect(error.logDetail).toContain(`answered ${status}`);
      expect(error.logDetail).not.toContain("sk-test-key");
      expect(error.logDetail).toContain("[redacted]");
      await api.close();
    }
  });

  it("maps 429 and 5xx to 503 busy", async () => {
    for (const status of [429, 500, 503]) {
      const api = startFakeLlm(() => ({ status, raw: "upstream trouble" }));
      const error = await failure(chatComplete(await api.config(), MESSAGES));
      expect([error.kind, error.reason, error.message]).toEqual(["unavailable", "busy", "The formatting service is busy. Try again in a minute."]);
      expect(error.message).not.toContain("upstream");
      await api.close();
    }
  });

  it("maps other refusals (unknown model, bad request) to 502", async () => {
    const api = startFakeLlm(() => ({ status: 404, json: { error: { message: "model not found" } } }));
    const error = await failure(chatComplete(await api.config(), MESSAGES));
    expect([error.kind, error.reason]).toEqual(["provider_failed", "rejected"]);
    await api.close();
  });

  it("maps answers without usable text to 502 unusable", async () => {
    const replies = [
      { raw: "<html>gateway</html>" },
      { json: { choices: [] } },
      { json: completion("   ") },
      { json: completion('{"summary": "cut', "length") },
    ];
    for (const reply of replies) {
      const api = startFakeLlm(() => reply);
      const error = await failure(chatComplete(await api.config(), MESSAGES));
      expect([error.kind, error.reason, error.message]).toEqual(["provider_failed", "unusable", "The formatting service returned an unusable answer. Try again."]);
      await api.close();
    }
  });

  it("gives up on a server that never answers: 504", async () => {
    const api = startFakeLlm(() => "hang");
    const started = Date.now();
    const error = await failure(chatComplete(await api.config({ timeoutMs: 200 }), MESSAGES));
    expect([error.kind, error.reason, error.message]).toEqual(["provider_timeout", "timeout", "The formatting service did not answer. Try again in a minute."]);
    expect(Date.now() - started).toBeLessThan(5000);
    await api.close();
  });

  it("reports a refused connection as 503", async () => {
    const config = { baseUrl: await refusedBaseUrl(), apiKey: "k", model: "m", timeoutMs: 5000, maxInputChars: 1000 };
    const error = await failure(chatComplete(config, MESSAGES));
    expect([error.kind, error.reason, error.message]).toEqual(["unavailable", "unreachable", "The formatting service did not answer. Try again in a minute."]);
  });

  it("rethrows the caller's own cancellation as is", async () => {
    const api = startFakeLlm(() => "hang");
    const controller = new AbortController();
    const pending = chatComplete(await api.config(), MESSAGES, { signal: controller.signal });
    setTimeout(() => controller.abort(new Error("user left")), 50);
    await expect(pending).rejects.toThrow("user left");
    await api.close();
  });
});
