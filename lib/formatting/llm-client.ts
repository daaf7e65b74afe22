import { env, type Env } from "@/lib/env";
import { FormattingError } from "./errors";
import { LLM_TEMPERATURE } from "./prompts";

export { FormattingError } from "./errors";

/** An OpenAI-compatible chat completions API (OpenAI, Groq, OpenRouter, vLLM, llama.cpp, Ollama…). */
export interface LlmConfig {
  /** Without the trailing slash and without `/chat/completions`, e.g. "https://api.openai.com/v1". */
  baseUrl: string;
  /** "" for local servers that need none. */
  apiKey: string;
  model: string;
  /** Per request. */
  timeoutMs: number;
  /** How much transcript text (characters) goes into one request before it is sent in parts. */
  maxInputChars: number;
}

/**
 * LLM_BASE_URL (http or https), LLM_MODEL, and optionally LLM_API_KEY, LLM_TIMEOUT_MS (default
 * 120 s) and LLM_MAX_INPUT_CHARS (default 60 000). Null, meaning "no AI formatting on this server",
 * when the base URL or the model is missing or the URL is not an http(s) URL.
 */
export function llmConfigFromEnv(
  config: Pick<Env, "LLM_BASE_URL" | "LLM_MODEL" | "LLM_API_KEY" | "LLM_TIMEOUT_MS" | "LLM_MAX_INPUT_CHARS"> = env(),
): LlmConfig | null {
  const rawUrl = config.LLM_BASE_URL;
  const model = config.LLM_MODEL;
  if (!rawUrl || !model) return null;
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  return {
    baseUrl: rawUrl.replace(/\/+$/, "").replace(/\/chat\/completions$/, ""),
    apiKey: config.LLM_API_KEY ?? "",
    model,
    timeoutMs: config.LLM_TIMEOUT_MS,
    maxInputChars: config.LLM_MAX_INPUT_CHARS,
  };
}

export interface ChatMessage {
  role: "system" | "user" | "assistant";
  content: string;
}

export interface ChatOptions {
  /** Ask for a JSON object (`response_format: {type: "json_object"}`). */
  json?: boolean;
  /** The caller's cancellation: its abort reason is rethrown as is, not turned into a FormattingError. */
  signal?: AbortSignal;
  /** Overrides config.timeoutMs. */
  timeoutMs?: number;
}

interface ChatCompletion {
  choices?: { message?: { content?: unknown }; finish_reason?: unknown }[];
}

/** A short excerpt of an upstream answer for logs, with the API key blanked out. */
function excerpt(body: string, apiKey: string): string {
  const short = body.replace(/\s+/g, " ").slice(0, 300);
  return apiKey ? short.split(apiKey).join("[redacted]") : short;
}

/**
 * One chat completion; resolves with the assistant's text. Every failure is a FormattingError:
 * unreachable → 503, timeout → 504, 401/403 → 502 (credentials), 408/429/5xx → 503 (busy), other
 * refusals → 502 (rejected: wrong model or URL), and an answer without text, or cut off at the
 * token limit → 502 (unusable).
 */
export async function chatComplete(config: LlmConfig, messages: readonly ChatMessage[], options: ChatOptions = {}): Promise<string> {
  const timeout = AbortSignal.timeout(options.timeoutMs ?? config.timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  const headers: Record<string, string> = { "content-type": "application/json", accept: "application/json" };
  if (config.apiKey) headers.authorization = `Bearer ${config.apiKey}`;
  const body = {
    model: config.model,
    messages,
    temperature: LLM_TEMPERATURE,
    ...(options.json ? { response_format: { type: "json_object" } } : {}),
  };

  let response: Response;
  let text: string;
  try {
    response = await fetch(`${config.baseUrl}/chat/completions`, { method: "POST", headers, body: JSON.stringify(body), signal });
    text = await response.text();
  } catch (error) {
    if (options.signal?.aborted) throw options.signal.reason ?? error;
    if (timeout.aborted) throw new FormattingError("timeout", `No answer within ${options.timeoutMs ?? config.timeoutMs} ms`);
    const cause = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).message;
    throw new FormattingError("unreachable", `Could not reach the LLM: ${excerpt(String(cause), config.apiKey)}`);
  }

  if (!response.ok) {
    const detail = `The LLM answered ${response.status}: ${excerpt(text, config.apiKey)}`;
    if (response.status === 401 || response.status === 403) throw new FormattingError("credentials", detail);
    if (response.status === 408 || response.status === 429 || response.status >= 500) throw new FormattingError("busy", detail);
    throw new FormattingError("rejected", detail);
  }

  let parsed: ChatCompletion;
  try {
    parsed = JSON.parse(text) as ChatCompletion;
  } catch {
    throw new FormattingError("unusable", `Not JSON: ${excerpt(text, config.apiKey)}`);
  }
  const choice = parsed?.choices?.[0];
  const content = choice?.message?.content;
  if (typeof content !== "string") throw new FormattingError("unusable", `No message content: ${excerpt(text, config.apiKey)}`);
  if (choice?.finish_reason === "length") throw new FormattingError("unusable", "The answer was cut off at the token limit");
  // Reasoning models served locally may prefix their answer with their thinking.
  const answer = content.replace(/^\s*<think>[\s\S]*?<\/think>/, "").trim();
  if (!answer) throw new FormattingError("unusable", "Empty message content");
  return answer;
}
