/* Test helper: a local server speaking the OpenAI chat completions API. Not used by the app. */
import { once } from "node:events";
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { LlmConfig } from "@/lib/formatting/llm-client";

export interface SeenRequest {
  method: string;
  path: string;
  authorization?: string;
  contentType?: string;
  body: {
    model?: string;
    temperature?: number;
    response_format?: { type: string };
    messages?: { role: string; content: string }[];
  };
}

/** What the server does for one request: answer (JSON body or raw text), or never answer. */
export type FakeReply = { status?: number; json?: unknown; raw?: string } | "hang";

/** The body of a successful chat completion whose assistant message is `content`. */
export function completion(content: string, finishReason = "stop") {
  return {
    id: "chatcmpl-test",
    object: "chat.completion",
    choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: finishReason }],
  };
}

const open = new Set<http.Server>();

/** Closes every server still open; call it in afterEach so a failed assertion can't keep Jest alive. */
export async function closeFakeLlms(): Promise<void> {
  await Promise.all(
    [...open].map(
      (server) =>
        new Promise<void>((resolve) => {
          open.delete(server);
          server.closeAllConnections();
          server.close(() => resolve());
        }),
    ),
  );
}

export function startFakeLlm(reply: (req: SeenRequest, index: number) => FakeReply) {
  const seen: SeenRequest[] = [];
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const text = Buffer.concat(chunks).toString("utf8");
    const entry: SeenRequest = {
      method: req.method ?? "",
      path: req.url ?? "",
      authorization: req.headers.authorization,
      contentType: req.headers["content-type"],
      body: text ? (JSON.parse(text) as SeenRequest["body"]) : {},
    };
    seen.push(entry);
    const r = reply(entry, seen.length - 1);
    if (r === "hang") return; // keep the connection open, send nothing
    const status = r.status ?? 200;
    if (r.raw !== undefined) res.writeHead(status, { "content-type": "text/plain" }).end(r.raw);
    else res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(r.json));
  });
  server.listen(0, "127.0.0.1");
  open.add(server);
  return {
    seen,
    /** A config pointing at this server ("/v1" base, as with OpenAI). */
    config: async (overrides: Partial<LlmConfig> = {}): Promise<LlmConfig> => {
      if (!server.listening) await once(server, "listening");
      const { port } = server.address() as AddressInfo;
      return { baseUrl: `http://127.0.0.1:${port}/v1`, apiKey: "sk-test-key", model: "test-model", timeoutMs: 10_000, maxInputChars: 60_000, ...overrides };
    },
    close: () =>
      new Promise<void>((resolve) => {
        if (!open.delete(server)) return resolve();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A base URL where nothing listens: a port that was just released. */
export async function refusedBaseUrl(): Promise<string> {
  const server = http.createServer();
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  await new Promise((r) => server.close(r));
  return `http://127.0.0.1:${port}/v1`;
}
