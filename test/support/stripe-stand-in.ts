/*
 * Test helper: a local HTTP server standing in for the Stripe API (like stripe-mock, but with
 * answers chosen per test). It records every request — method, path, query and the
 * form-encoded body as flat bracket keys (`line_items[0][price]`) — and answers canned JSON.
 * Not used by the app.
 */
import { once } from "node:events";
import http from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";

interface StandInRequest {
  method: string;
  /** the path without the query string, e.g. /v1/checkout/sessions */
  path: string;
  /** query parameters (GET requests carry their parameters here), flat keys */
  query: Record<string, string>;
  /** the application/x-www-form-urlencoded body, flat bracket keys → values */
  form: Record<string, string>;
  authorization: string | null;
  stripeVersion: string | null;
  contentType: string | null;
}

export interface StandInReply {
  status?: number;
  json: unknown;
}

type StandInHandler = (req: StandInRequest, params: Record<string, string>) => StandInReply;

/** A Stripe-style error body. */
export function stripeError(
  status: number,
  error: { type?: string; code?: string; message?: string } = {},
): StandInReply {
  return {
    status,
    json: {
      error: {
        type: error.type ?? (status >= 500 ? "api_error" : "invalid_request_error"),
        ...(error.code ? { code: error.code } : {}),
        message: error.message ?? "Something went wrong.",
      },
    },
  };
}

/** Stripe's 404 for an unknown object. */
export function resourceMissing(what = "object"): StandInReply {
  return stripeError(404, { code: "resource_missing", message: `No such ${what}` });
}

function flat(params: URLSearchParams): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of params) out[key] = value;
  return out;
}

interface Route {
  method: string;
  segments: string[];
  handler: StandInHandler;
}

function match(route: Route, method: string, path: string): Record<string, string> | null {
  if (route.method !== method) return null;
  const parts = path.split("/");
  if (parts.length !== route.segments.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < parts.length; i++) {
    const seg = route.segments[i];
    if (seg.startsWith(":")) params[seg.slice(1)] = decodeURIComponent(parts[i]);
    else if (seg !== parts[i]) return null;
  }
  return params;
}

const open = new Set<http.Server>();

function shut(server: http.Server): Promise<void> {
  return new Promise((resolve) => {
    if (!open.delete(server)) return resolve();
    server.closeAllConnections();
    server.close(() => resolve());
  });
}

/** Closes every stand-in still open; call it in afterEach so a failed test can't keep Jest alive. */
export async function closeStripeStandIns(): Promise<void> {
  await Promise.all([...open].map(shut));
}

export interface StripeStandIn {
  port: number;
  /** every request received, in order */
  requests: StandInRequest[];
  /** Answers `METHOD /path` (segments starting with ":" match anything); later routes win. */
  on(route: string, reply: StandInHandler | StandInReply): StripeStandIn;
  /** An SDK client pointed at this server (no retries unless asked, so failures are fast). */
  stripe(config?: Stripe.StripeConfig): Stripe;
  /** "METHOD /path" of every request, in order */
  calls(): string[];
  close(): Promise<void>;
}

export async function startStripeStandIn(): Promise<StripeStandIn> {
  const routes: Route[] = [];
  const requests: StandInRequest[] = [];
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? "/", "http://stand-in");
    const entry: StandInRequest = {
      method: req.method ?? "",
      path: url.pathname,
      query: flat(url.searchParams),
      form: flat(new URLSearchParams(Buffer.concat(chunks).toString("utf8"))),
      authorization: req.headers.authorization ?? null,
      stripeVersion: (req.headers["stripe-version"] as string | undefined) ?? null,
      contentType: req.headers["content-type"] ?? null,
    };
    requests.push(entry);
    let reply: StandInReply = resourceMissing(`route ${entry.method} ${entry.path}`);
    for (let i = routes.length - 1; i >= 0; i--) {
      const params = match(routes[i], entry.method, entry.path);
      if (params) {
        reply = routes[i].handler(entry, params);
        break;
      }
    }
    res
      .writeHead(reply.status ?? 200, { "content-type": "application/json", "request-id": `req_standin_${requests.length}` })
      .end(JSON.stringify(reply.json));
  });
  server.listen(0, "127.0.0.1");
  open.add(server);
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;

  const standIn: StripeStandIn = {
    port,
    requests,
    on(route, reply) {
      const [method, path] = route.split(" ");
      routes.push({ method, segments: path.split("/"), handler: typeof reply === "function" ? reply : () => reply });
      return standIn;
    },
    stripe(config = {}) {
      return new Stripe("sk_test_x", { host: "127.0.0.1", port, protocol: "http", maxNetworkRetries: 0, telemetry: false, ...config });
    },
    calls: () => requests.map((r) => `${r.method} ${r.path}`),
    close: () => shut(server),
  };
  return standIn;
}
