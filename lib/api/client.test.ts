import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import * as z from "zod/mini";
import { apiDownload, call, detailOr, NOT_JSON, UNEXPECTED_ANSWER } from "./client";
import { endpoint } from "./endpoint";

const Answer = z.object({ id: z.string(), count: z.number() });
let server: Server;
let base = "";
const seen: { method?: string; type?: string; body: string }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      seen.push({ method: req.method, type: req.headers["content-type"], body });
      const send = (status: number, text: string, type = "application/json") => res.writeHead(status, { "content-type": type }).end(text);
      if (req.url === "/ok") return send(200, JSON.stringify({ id: "a", count: 2, extra: true }));
      if (req.url === "/wrong-shape") return send(200, JSON.stringify({ id: 1 }));
      if (req.url === "/not-json") return send(200, "<html>");
      if (req.url === "/refused") return send(403, JSON.stringify({ detail: "Not on your plan.", upgrade: { feature: "x", plans: ["p"] } }));
      if (req.url === "/proxy-error") return send(502, "Bad gateway from the proxy", "text/html");
      if (req.url === "/file") return send(200, "file bytes", "text/plain");
      send(404, JSON.stringify({ detail: "Nope." }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** An endpoint of the test server (its address is only known once it listens). */
const at = (path: string) => endpoint({ method: "GET", path: `${base}${path}`, answer: Answer });

describe("call", () => {
  it("gives the answer checked against the contract (unknown fields dropped)", async () => {
    expect(await call(at("/ok"))).toEqual({ ok: true, data: { id: "a", count: 2 } });
  });

  it("sends a JSON body with its content type", async () => {
    await call(endpoint({ method: "PATCH", path: `${base}/ok`, body: z.object({ title: z.string() }), answer: Answer }), { body: { title: "x" } });
    expect(seen.at(-1)).toEqual({ method: "PATCH", type: "application/json", body: '{"title":"x"}' });
  });

  it("sends FormData as multipart, not as JSON", async () => {
    const form = new FormData();
    form.set("file", new Blob(["abc"]), "a.txt");
    await call(endpoint({ method: "PUT", path: `${base}/ok`, body: "raw", answer: Answer }), { body: form });
    expect(seen.at(-1)?.type).toMatch(/^multipart\/form-data; boundary=/);
    expect(seen.at(-1)?.body).toContain("abc");
  });

  it("refuses an answer of the wrong shape or that is not JSON", async () => {
    expect(await call(at("/wrong-shape"))).toMatchObject({ ok: false, status: 200, text: UNEXPECTED_ANSWER });
    expect(await call(at("/not-json"))).toMatchObject({ ok: false, status: 200, text: NOT_JSON });
  });

  it("gives the server's sentence and the whole error body for a refusal", async () => {
    const result = await call(at("/refused"));
    expect(result).toEqual({
      ok: false,
      status: 403,
      text: "Not on your plan.",
      body: { detail: "Not on your plan.", upgrade: { feature: "x", plans: ["p"] } },
    });
  });

  it("gives the raw text of an error that is not ours, and detailOr falls back", async () => {
    const result = await call(at("/proxy-error"));
    expect(result).toMatchObject({ ok: false, status: 502, text: "Bad gateway from the proxy", body: null });
    if (!result.ok) expect(detailOr(result, "Try again.")).toBe("Try again.");
  });

  it("reports a network failure as status 0", async () => {
    const result = await call(endpoint({ method: "GET", path: "http://127.0.0.1:1/unreachable", answer: Answer }));
    expect(result).toMatchObject({ ok: false, status: 0, body: null });
  });
});

describe("apiDownload", () => {
  it("hands over the response of a file, and the refusal of an error", async () => {
    const file = await apiDownload(`${base}/file`);
    expect(file.ok && (await file.response.text())).toBe("file bytes");
    expect(await apiDownload(`${base}/missing`)).toMatchObject({ ok: false, status: 404, text: "Nope." });
  });
});
