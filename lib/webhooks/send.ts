import type { LookupAddress } from "node:dns";
import { lookup as resolveHost } from "node:dns/promises";
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { DomainError } from "@/lib/errors/domain-error";
import { familyOf, forbiddenAddress, literalAddress } from "./address-policy";
import { urlRefusal, type UrlPolicy } from "./endpoint-url";

/**
 * One attempt did not deliver: the sentence the log shows, whether a later attempt may succeed,
 * the answer's status if one came. A DomainError: the receiver's failure, not a bug of ours
 * (the job engine logs it without a stack).
 */
export class DeliveryError extends DomainError {
  constructor(
    message: string,
    readonly retry: boolean,
    readonly responseStatus: number | null = null,
    /** no answer came in time (the connection, or the whole exchange) */
    readonly timedOut = false,
  ) {
    super("provider_failed", message);
    this.name = "DeliveryError";
  }
}

/**
 * One attempt's limits: 2 s to accept the connection, 5 s for the whole exchange (connection
 * included). A receiver should answer 2xx at once and do its work afterwards; the slot a slow
 * one holds is a slot other accounts' deliveries wait for.
 */
const CONNECT_TIMEOUT_MS = 2_000;
export const DELIVERY_TIMEOUT_MS = 5_000;
/** Of the answer only its status matters; a little of the body is read so the connection ends cleanly, the rest never. */
const BODY_READ_LIMIT = 4096;

export interface SendOptions {
  policy: UrlPolicy;
  /** aborts the attempt (the worker stops, the job was taken away) */
  signal?: AbortSignal;
  timeoutMs?: number;
  connectTimeoutMs?: number;
}

/**
 * The addresses to connect to: every address the host resolves to must be allowed (a name
 * with one private address among public ones is refused: the resolver of the moment would
 * choose). The connection then goes to these checked addresses themselves; resolving again
 * when connecting would let a DNS answer that changes in between (rebinding) pick another.
 */
export async function checkedAddresses(url: URL, policy: UrlPolicy): Promise<LookupAddress[]> {
  const host = url.hostname.replace(/^\[|\]$/g, "");
  const literal = literalAddress(host);
  let addresses: LookupAddress[];
  if (literal) addresses = [{ address: literal, family: familyOf(literal) }];
  else {
    try {
      addresses = await resolveHost(host, { all: true, verbatim: true });
    } catch {
      throw new DeliveryError(`The endpoint's host name ${host} could not be resolved.`, true);
    }
  }
  if (!addresses.length) throw new DeliveryError(`The endpoint's host name ${host} could not be resolved.`, true);
  for (const { address } of addresses) {
    const why = forbiddenAddress(address, policy);
    if (why) {
      const what = literal ? address : `${host} (it resolves to ${address})`;
      throw new DeliveryError(`Webhooks cannot call ${what}: it is ${why}. Use an address reachable from the internet.`, false);
    }
  }
  return addresses;
}

/**
 * A resolver that answers with the checked addresses only (the TLS name and Host header stay
 * the URL's). Asked for all, it gives all, so a host whose first address does not answer
 * (IPv6 first on an IPv4-only network) is reached on the next, as Node tries them in turn.
 */
function pinnedLookup(checked: LookupAddress[]): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) callback(null, checked.map(({ address, family }) => ({ address, family })));
    else callback(null, checked[0].address, checked[0].family);
  };
}

const seconds = (ms: number) => (ms === 1000 ? "1 second" : `${Math.round(ms / 100) / 10} seconds`);

const TLS_CODES = /^(CERT_|ERR_TLS_CERT|UNABLE_TO_|DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN|HOSTNAME_MISMATCH)/;

/** A network failure as one sentence for the delivery log: never a stack, never more than its code. */
function networkSentence(error: NodeJS.ErrnoException, timeoutMs: number, connectTimeoutMs: number): string {
  const code = error.code ?? "";
  if (error instanceof DeliveryError) return error.message;
  if (code === "ETIMEDOUT" || error.name === "TimeoutError") return `The endpoint did not answer within ${seconds(timeoutMs)}.`;
  if (error.name === "ConnectTimeoutError") return `The endpoint did not accept the connection within ${seconds(connectTimeoutMs)}.`;
  if (code === "ECONNREFUSED") return "The endpoint refused the connection.";
  if (code === "ECONNRESET" || error.message === "socket hang up") return "The endpoint closed the connection without answering.";
  if (code === "EHOSTUNREACH" || code === "ENETUNREACH") return "The endpoint's address could not be reached.";
  if (TLS_CODES.test(code)) return "The endpoint's TLS certificate could not be verified.";
  if (code.startsWith("ERR_SSL_") || code.startsWith("EPROTO")) return "The TLS connection to the endpoint failed.";
  if (error.name === "AbortError") return "The attempt was stopped before the endpoint answered.";
  return `The request to the endpoint failed${code ? ` (${code})` : ""}.`;
}

function statusSentence(status: number): string {
  if (status >= 300 && status < 400) return `The endpoint answered with a redirect (${status}), which webhooks do not follow.`;
  return `The endpoint answered with status ${status}.`;
}

/**
 * POSTs `body` to `rawUrl` once: the URL's rules and the host's addresses checked first, at
 * most `timeoutMs` for the whole exchange, no redirect followed. Resolves with the 2xx status;
 * anything else throws a DeliveryError.
 */
export async function postWebhook(rawUrl: string, headers: Record<string, string>, body: string, options: SendOptions): Promise<number> {
  const refusal = urlRefusal(rawUrl, options.policy);
  if (refusal) throw new DeliveryError(refusal, false);
  const url = new URL(rawUrl);
  const checked = await checkedAddresses(url, options.policy);
  const timeoutMs = options.timeoutMs ?? DELIVERY_TIMEOUT_MS;
  const connectTimeoutMs = options.connectTimeoutMs ?? CONNECT_TIMEOUT_MS;
  const client = url.protocol === "https:" ? https : http;
  const status = await new Promise<number>((resolve, reject) => {
    const request = client.request({
      method: "POST",
      protocol: url.protocol,
      hostname: url.hostname.replace(/^\[|\]$/g, ""),
      port: url.port || undefined,
      path: `${url.pathname}${url.search}`,
      headers: { ...headers, "content-length": String(Buffer.byteLength(body)) },
      lookup: pinnedLookup(checked),
      // A fresh connection each time: a pooled one may have been opened to another address.
      agent: false,
      signal: options.signal,
    });
    const timer = setTimeout(() => request.destroy(Object.assign(new Error("timeout"), { name: "TimeoutError" })), timeoutMs);
    let connecting: NodeJS.Timeout | undefined;
    request.on("socket", (socket) => {
      if (!socket.connecting) return;
      connecting = setTimeout(() => request.destroy(Object.assign(new Error("connect timeout"), { name: "ConnectTimeoutError" })), connectTimeoutMs);
      socket.once("connect", () => clearTimeout(connecting));
    });
    let settled = false;
    const settle = (error: DeliveryError | null, value = 0) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearTimeout(connecting);
      if (error) reject(error);
      else resolve(value);
    };
    request.on("response", (response) => {
      const code = response.statusCode ?? 0;
      let read = 0;
      response.on("data", (chunk: Buffer) => {
        read += chunk.length;
        if (read >= BODY_READ_LIMIT) {
          response.destroy();
          settle(null, code);
        }
      });
      const end = () => settle(null, code);
      response.on("end", end);
      response.on("close", end);
      response.on("error", end);
    });
    request.on("error", (error: NodeJS.ErrnoException) => {
      const timedOut = error.name === "TimeoutError" || error.name === "ConnectTimeoutError" || error.code === "ETIMEDOUT";
      settle(new DeliveryError(networkSentence(error, timeoutMs, connectTimeoutMs), true, null, timedOut));
    });
    request.end(body);
  });
  if (status < 200 || status >= 300) throw new DeliveryError(statusSentence(status), true, status);
  return status;
}
