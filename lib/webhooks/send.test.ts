import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import https from "node:https";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { startReceiver, type Receiver } from "@/test/support/webhook-receiver";
import { configuredPolicy, type UrlPolicy } from "./endpoint-url";
import { checkedAddresses, DeliveryError, postWebhook } from "./send";

const development: UrlPolicy = { httpsOnly: false, allowLoopback: false };
const loopbackAllowed: UrlPolicy = { httpsOnly: false, allowLoopback: true };
const HEADERS = { "content-type": "application/json" };

/** The attempt's failure, which must be a DeliveryError. */
async function refusal(attempt: Promise<unknown>): Promise<{ message: string; retry: boolean; responseStatus: number | null }> {
  const error = await attempt.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DeliveryError);
  const { message, retry, responseStatus } = error as DeliveryError;
  return { message, retry, responseStatus };
}

describe("one webhook attempt over the network", () => {
  let receiver: Receiver;
  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(() => receiver.close());
  beforeEach(() => receiver.reset());

  it("resolves a host name and refuses it when any address it resolves to is forbidden (localhost is 127.0.0.1 / ::1)", async () => {
    const refused = await refusal(checkedAddresses(new URL("http://localhost:9/"), development));
    expect(refused.message).toMatch(/^Webhooks cannot call localhost \(it resolves to (127\.0\.0\.1|::1)\): it is a loopback address\. Use an address reachable from the internet\.$/);
    expect(refused.retry).toBe(false);
    const checked = await checkedAddresses(new URL("http://localhost:9/"), loopbackAllowed);
    expect(checked.length).toBeGreaterThan(0);
    for (const { address } of checked) expect(address).toMatch(/^(127\.0\.0\.1|::1)$/);
  });

  it.each([
    ["http://127.0.0.1:PORT/hook", development, "Webhooks cannot call 127.0.0.1: it is a loopback address. Use an address reachable from the internet."],
    ["http://[::1]:PORT/hook", development, "Webhooks cannot call ::1: it is a loopback address. Use an address reachable from the internet."],
    ["http://[::ffff:127.0.0.1]:PORT/hook", development, "Webhooks cannot call ::ffff:7f00:1: it is a loopback address. Use an address reachable from the internet."],
    ["http://10.0.0.1:PORT/hook", loopbackAllowed, "Webhooks cannot call 10.0.0.1: it is a private address. Use an address reachable from the internet."],
    ["http://169.254.169.254/latest/meta-data/", loopbackAllowed, "Webhooks cannot call 169.254.169.254: it is a link-local address. Use an address reachable from the internet."],
    ["http://0.0.0.0:PORT/hook", loopbackAllowed, "Webhooks cannot call 0.0.0.0: it is an unspecified address. Use an address reachable from the internet."],
    ["http://localhost:PORT/hook", development, "Webhooks cannot call localhost: use an address reachable from the internet."],
    ["http://127.0.0.1:PORT/hook", { httpsOnly: true, allowLoopback: false }, "Use an https:// URL: webhooks are only sent over https."],
    ["http://127.0.0.2.nip.io:PORT/hook", { httpsOnly: true, allowLoopback: true }, "Use an https:// URL: webhooks are only sent over https."],
  ] as const)("refuses %s before connecting, for good", async (template, policy, sentence) => {
    const url = template.replace("PORT", String(receiver.port));
    expect(await refusal(postWebhook(url, HEADERS, "{}", { policy }))).toEqual({ message: sentence, retry: false, responseStatus: null });
    expect(receiver.requests).toEqual([]);
  });

  it("sends over http only outside production: NODE_ENV=production makes the configured policy https-only", () => {
    const saved = { ...process.env };
    try {
      Object.assign(process.env, { NODE_ENV: "production", WEBHOOKS_ALLOW_LOOPBACK: "" });
      expect(configuredPolicy()).toEqual({ httpsOnly: true, allowLoopback: false });
      Object.assign(process.env, { NODE_ENV: "development", WEBHOOKS_ALLOW_LOOPBACK: "true" });
      expect(configuredPolicy()).toEqual({ httpsOnly: false, allowLoopback: true });
    } finally {
      process.env = saved;
    }
  });

  it("in production sends plain http only to a loopback receiver the setting allows", async () => {
    const production = { httpsOnly: true, allowLoopback: true };
    expect(await postWebhook(receiver.url(), HEADERS, "{}", { policy: production })).toBe(200);
    expect(await postWebhook(receiver.url("/hook", "[::ffff:127.0.0.1]"), HEADERS, "{}", { policy: production })).toBe(200);
    expect(receiver.requests).toHaveLength(2);
  });

  it("connects to the checked address while the request keeps the URL's host name", async () => {
    expect(await postWebhook(receiver.url("/named?x=1", "localhost"), HEADERS, '{"a":1}', { policy: loopbackAllowed })).toBe(200);
    expect(receiver.requests).toMatchObject([{ method: "POST", path: "/named?x=1", body: '{"a":1}', headers: { host: `localhost:${receiver.port}`, "content-length": "7" } }]);
  });

  it("gives up on an endpoint that does not answer in time", async () => {
    receiver.answer({ status: 200, delayMs: 3_000 });
    const began = Date.now();
    expect(await refusal(postWebhook(receiver.url(), HEADERS, "{}", { policy: loopbackAllowed, timeoutMs: 300 }))).toEqual({
      message: "The endpoint did not answer within 0.3 seconds.",
      retry: true,
      responseStatus: null,
    });
    expect(Date.now() - began).toBeLessThan(2_000);
  });

  it("gives up after 5 seconds by default (the whole exchange), as a timeout the delivery log names", async () => {
    receiver.answer({ status: 200, delayMs: 8_000 });
    const began = Date.now();
    const error = await postWebhook(receiver.url(), HEADERS, "{}", { policy: loopbackAllowed }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DeliveryError);
    expect(error).toMatchObject({ message: "The endpoint did not answer within 5 seconds.", retry: true, timedOut: true, responseStatus: null });
    expect(Date.now() - began).toBeGreaterThanOrEqual(4_900);
    expect(Date.now() - began).toBeLessThan(6_500);
  }, 15_000);

  it("reads only a little of a long answer", async () => {
    receiver.answer({ status: 204 }, { status: 200, body: Buffer.alloc(20 * 1024 * 1024, "x") });
    expect(await postWebhook(receiver.url(), HEADERS, "{}", { policy: loopbackAllowed })).toBe(204);
    const began = Date.now();
    expect(await postWebhook(receiver.url(), HEADERS, "{}", { policy: loopbackAllowed })).toBe(200);
    expect(Date.now() - began).toBeLessThan(2_000);
  });

  it("words network failures as one sentence, to be retried", async () => {
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as net.AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    expect(await refusal(postWebhook(`http://127.0.0.1:${port}/`, HEADERS, "{}", { policy: loopbackAllowed }))).toEqual({
      message: "The endpoint refused the connection.",
      retry: true,
      responseStatus: null,
    });
    // https to a server that speaks plain http: the TLS handshake fails.
    expect(await refusal(postWebhook(`https://127.0.0.1:${receiver.port}/`, HEADERS, "{}", { policy: loopbackAllowed }))).toMatchObject({
      message: expect.stringMatching(/^The (TLS connection to the endpoint failed|endpoint closed the connection without answering)\.$/),
      retry: true,
    });
  });

  // A throwaway self-signed certificate for localhost (openssl ships with the build machines).
  const openssl = (() => {
    try {
      execFileSync("openssl", ["version"], { stdio: "ignore" });
      return true;
    } catch {
      return false;
    }
  })();
  (openssl ? it : it.skip)("speaks TLS to the checked address with the URL's host name (SNI), and refuses a certificate it cannot verify", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "webhook-tls-"));
    const [key, cert] = [path.join(dir, "key.pem"), path.join(dir, "cert.pem")];
    execFileSync("openssl", ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", cert, "-days", "1", "-subj", "/CN=localhost"], { stdio: "ignore" });
    const names: string[] = [];
    const server = https.createServer({
      key: readFileSync(key),
      cert: readFileSync(cert),
      SNICallback: (name, done) => {
        names.push(name);
        done(null);
      },
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const port = (server.address() as net.AddressInfo).port;
      expect(await refusal(postWebhook(`https://localhost:${port}/hook`, HEADERS, "{}", { policy: loopbackAllowed }))).toEqual({
        message: "The endpoint's TLS certificate could not be verified.",
        retry: true,
        responseStatus: null,
      });
      expect(names).toEqual(["localhost"]);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("treats every answer but a 2xx as not delivered, keeping its status", async () => {
    receiver.answer(404, 500, { status: 302, headers: { location: "/else" } });
    for (const [status, message] of [
      [404, "The endpoint answered with status 404."],
      [500, "The endpoint answered with status 500."],
      [302, "The endpoint answered with a redirect (302), which webhooks do not follow."],
    ] as const) {
      expect(await refusal(postWebhook(receiver.url(), HEADERS, "{}", { policy: loopbackAllowed }))).toEqual({ message, retry: true, responseStatus: status });
    }
    expect(receiver.requests.map((r) => r.path)).toEqual(["/hook", "/hook", "/hook"]);
  });
});
