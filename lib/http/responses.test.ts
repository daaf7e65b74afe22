import { json, jsonInParts } from "./responses";

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
  it("states its length, and marks a small answer not to be compressed (gzip costs the server more than it saves)", async () => {
    const small = json({ detail: "Hello" }, 404, { "retry-after": "3" });
    expect(small.status).toBe(404);
    expect(small.headers.get("content-type")).toBe("application/json");
    expect(small.headers.get("retry-after")).toBe("3");
    expect(small.headers.get("cache-control")).toBe("no-store, no-transform");
    const text = await small.text();
    expect(Number(small.headers.get("content-length"))).toBe(Buffer.byteLength(text));
    expect(JSON.parse(text)).toEqual({ detail: "Hello" });
  });

  it("leaves a large answer to be compressed, its length counted in bytes", async () => {
    const large = json({ text: "é".repeat(10_000) });
    expect(large.headers.get("cache-control")).toBe("no-store");
    expect(Number(large.headers.get("content-length"))).toBe(Buffer.byteLength(await large.text()));
  });
});
