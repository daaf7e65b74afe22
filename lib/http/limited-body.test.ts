import { readBodyLimited } from "./limited-body";

function streamOf(...parts: string[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const p of parts) controller.enqueue(new TextEncoder().encode(p));
      controller.close();
    },
  });
}

const post = (body: ReadableStream<Uint8Array> | string, headers: Record<string, string> = {}) =>
  new Request("http://x/", { method: "POST", body, headers, duplex: "half" } as RequestInit);

describe("readBodyLimited", () => {
  it("returns the whole body within the limit", async () => {
    const body = await readBodyLimited(post(streamOf("hello ", "world")), 11);
    expect(new TextDecoder().decode(body!)).toBe("hello world");
  });
  it("refuses a chunked body that grows past the limit", async () => {
    expect(await readBodyLimited(post(streamOf("12345", "67890", "x")), 10)).toBeNull();
  });
  it("refuses at once when Content-Length says too much", async () => {
    expect(await readBodyLimited(post("small", { "content-length": "999999" }), 10)).toBeNull();
  });
  it("reads an empty body as empty", async () => {
    expect(await readBodyLimited(new Request("http://x/"), 10)).toEqual(new Uint8Array());
  });
});
