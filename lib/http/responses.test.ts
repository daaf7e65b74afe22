import { json, jsonInParts, taggedJson } from "./responses";

describe("jsonInParts", () => {
  it.each([0, 1, 199, 200, 201, 3600])("answers %i items as the JSON of the whole, in parts", async (count) => {
    const items = Array.from({ length: count }, (_, i) => ({ position: i, text: `segment "${i}"` }));
    const answer = jsonInParts({ version: 7 }, "segments", items);
    expect(answer.headers.get("content-type")).toBe("application/json");
    const reader = answer.body!.getReader();
    let text = "";
    let parts = 0;
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      text += new TextDecoder().decode(read.value);
      parts++;
    }
    expect(JSON.parse(text)).toEqual({ version: 7, segments: items });
    expect(parts).toBe(Math.max(1, Math.ceil(count / 200)));
  });
});

describe("json", () => {
  it("marks a small answer not to be compressed (gzip costs the server more than it saves)", async () => {
    const small = json({ detail: "Hello" }, 404, { "retry-after": "3" });
    expect(small.status).toBe(404);
    expect(small.headers.get("content-type")).toBe("application/json");
    expect(small.headers.get("retry-after")).toBe("3");
    expect(small.headers.get("cache-control")).toBe("no-store, no-transform");
    expect(JSON.parse(await small.text())).toEqual({ detail: "Hello" });
  });

  it("leaves a large answer to be compressed", async () => {
    const large = json({ text: "é".repeat(20_000) });
    expect(large.headers.get("cache-control")).toBe("no-store");
    expect(JSON.parse(await large.text())).toEqual({ text: "é".repeat(20_000) });
  });
});

describe("taggedJson", () => {
  const bytes = new TextEncoder().encode(JSON.stringify({ text: "x".repeat(200_000) }));
  const view = { etag: '"v1"', body: async () => bytes };

  it("answers 304 without a body to a client holding the version", async () => {
    const answer = await taggedJson(new Request("http://localhost/", { headers: { "if-none-match": 'W/"v1", "v0"' } }), view);
    expect(answer.status).toBe(304);
    expect(await answer.text()).toBe("");
  });

  it("sends the bytes a part of 64 KB at a time, whole and in order", async () => {
    const answer = await taggedJson(new Request("http://localhost/"), view);
    expect(answer.headers.get("etag")).toBe('"v1"');
    const reader = answer.body!.getReader();
    const parts: Uint8Array[] = [];
    for (let read = await reader.read(); !read.done; read = await reader.read()) parts.push(read.value);
    expect(parts.every((p) => p.byteLength <= 64 * 1024)).toBe(true);
    expect(parts.length).toBe(Math.ceil(bytes.byteLength / (64 * 1024)));
    expect(Buffer.concat(parts).equals(Buffer.from(bytes))).toBe(true);
  });

  it("keeps a private answer out of every cache, and lets a public one be kept and asked again", async () => {
    const small = { etag: '"s1"', body: async () => new TextEncoder().encode('{"a":1}') };
    const privately = await taggedJson(new Request("http://localhost/"), small);
    expect(privately.headers.get("cache-control")).toBe("no-store, no-transform");
    expect(await privately.json()).toEqual({ a: 1 });
    const publicly = await taggedJson(new Request("http://localhost/"), small, "no-cache");
    expect(publicly.headers.get("cache-control")).toBe("no-cache, no-transform");
    const again = await taggedJson(new Request("http://localhost/", { headers: { "if-none-match": '"s1"' } }), small, "no-cache");
    expect([again.status, again.headers.get("etag"), again.headers.get("cache-control")]).toEqual([304, '"s1"', "no-cache"]);
  });
});
