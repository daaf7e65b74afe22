import http, { type IncomingMessage } from "node:http";
import ipaddr from "ipaddr.js";
import proxyAddr from "proxy-addr";
import { env } from "@/lib/env";

/**
 * The address of whoever opened the TCP connection, stamped on each request by this
 * process (any value a client sends under this name is overwritten). Next.js keeps a
 * client's own X-Forwarded-For and drops the socket address when one is present, so
 * without this a client could claim any address.
 */
export const PEER_HEADER = "x-verbatim-peer";
/** The resolved client address handed to Better Auth's rate limiter (also overwritten). */
export const CLIENT_HEADER = "x-verbatim-client";

const globalForPeer = globalThis as unknown as { verbatimPeerStamp?: boolean };

/** Called once at start-up (instrumentation): every HTTP request in this process gets PEER_HEADER. */
export function stampPeerAddresses(): void {
  if (globalForPeer.verbatimPeerStamp) return;
  globalForPeer.verbatimPeerStamp = true;
  const emit = http.Server.prototype.emit;
  // Patched on the prototype because Next.js creates the server before our code runs.
  http.Server.prototype.emit = function (this: http.Server, event: string | symbol, ...args: unknown[]) {
    if (event === "request") {
      const request = args[0] as IncomingMessage;
      request.headers[PEER_HEADER] = request.socket?.remoteAddress ?? "";
      delete request.headers[CLIENT_HEADER];
    }
    return emit.call(this, event, ...args);
  } as typeof emit;
}

/** One IPv6 /64 is one client (a single host can hold all of it), named by its first address. */
function clientKey(address: string): string {
  const parsed = ipaddr.process(address);
  if (parsed.kind() === "ipv4") return parsed.toString();
  return `${(parsed as ipaddr.IPv6).parts.slice(0, 4).map((p) => p.toString(16)).join(":")}::`;
}

/**
 * The client's address: the TCP peer, or — only when the peer is one of TRUSTED_PROXIES —
 * the right-most X-Forwarded-For entry that is not itself a trusted proxy (proxy-addr,
 * as Express resolves it). "unknown" when the peer was not stamped (an in-process request).
 */
export function clientAddress(headers: Headers, trustedProxies: string[] = env().TRUSTED_PROXIES): string {
  const peer = headers.get(PEER_HEADER)?.trim() ?? "";
  if (!ipaddr.isValid(peer)) return "unknown";
  const forwarded = trustedProxies.length ? (headers.get("x-forwarded-for") ?? undefined) : undefined;
  const request = { socket: { remoteAddress: peer }, connection: { remoteAddress: peer }, headers: { "x-forwarded-for": forwarded } };
  // proxy-addr reads only these fields of an IncomingMessage.
  const address = proxyAddr(request as unknown as IncomingMessage, proxyAddr.compile(trustedProxies));
  return ipaddr.isValid(address) ? clientKey(address) : clientKey(peer);
}
