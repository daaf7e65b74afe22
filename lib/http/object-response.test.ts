import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { localStore } from "@/lib/storage/local-store";
import { objectResponse } from "./object-response";

/**
 * What a listener does all day: the player asks for the audio, reads some of it slowly (the
 * socket's backpressure) and goes away mid-file (a seek, a closed tab). Node's own adapter
 * (Readable.toWeb) then enqueued a chunk into the closed stream from a file-read callback: an
 * uncaughtException ("Invalid state: Controller is already closed") in the server's log.
 */
describe("objectResponse, its client gone mid-file", () => {
  const root = mkdtempSync(path.join(os.tmpdir(), "verbatim-object-response-"));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const fileOf = (bytes: Buffer) => {
    const file = path.join(root, `upload-${Math.random()}`);
    writeFileSync(file, bytes);
    return file;
  };

  it("stops reading without an uncaught exception, however the client leaves", async () => {
    const store = localStore(root);
    await store.putFile("a/audio.wav", fileOf(Buffer.alloc(4 * 1024 * 1024, 7)), "audio/wav");
    const uncaught: unknown[] = [];
    const record = (error: unknown) => uncaught.push(error);
    process.on("uncaughtException", record);
    try {
      for (let i = 0; i < 200; i++) {
        const response = await objectResponse(new Request("http://app.test/audio"), store, "a/audio.wav", "audio/wav");
        const leave = new AbortController();
        let chunks = 0;
        const slowSocket = new WritableStream<Uint8Array>(
          {
            async write() {
              if (++chunks === 3) setTimeout(() => leave.abort(), i % 5);
              await new Promise((resolve) => setTimeout(resolve, 1));
            },
          },
          { highWaterMark: 1 },
        );
        await response.body!.pipeTo(slowSocket, { signal: leave.signal }).catch(() => undefined);
      }
      // Late callbacks of the file reads run now, if any are left.
      await new Promise((resolve) => setTimeout(resolve, 100));
    } finally {
      process.off("uncaughtException", record);
    }
    expect(uncaught).toEqual([]);
  });

  it("still serves the whole file, and a range, byte for byte", async () => {
    const store = localStore(root);
    const bytes = Buffer.from(Array.from({ length: 300_000 }, (_, i) => i % 251));
    await store.putFile("b/audio.wav", fileOf(bytes), "audio/wav");
    const whole = await objectResponse(new Request("http://app.test/audio"), store, "b/audio.wav", "audio/wav");
    expect(Buffer.from(await whole.arrayBuffer()).equals(bytes)).toBe(true);
    const part = await objectResponse(new Request("http://app.test/audio", { headers: { range: "bytes=1000-200999" } }), store, "b/audio.wav", "audio/wav");
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(1000, 201000))).toBe(true);
  });
});
