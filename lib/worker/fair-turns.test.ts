/** @run-alone: worker processes on minutes of audio keep both cores busy (jest.config.mjs). */
import os from "node:os";
import path from "node:path";
import { mkdtempSync, rmSync } from "node:fs";
import { eq } from "drizzle-orm";
import { transcriptions } from "@/lib/db/schema";
import { run } from "@/lib/process/run";
import { BACKENDS, useOpenedDatabase } from "@/test/support/databases";
import { useTestEnv } from "@/test/support/env";
import { uploadWav } from "@/test/support/uploads";
import { insertUser } from "@/test/support/users";
import { startWorker } from "./worker";

const ROOT = path.resolve(__dirname, "../..");
const JFK = path.join(ROOT, "test/fixtures/audio/jfk.wav");
const READING = path.join(ROOT, "test/fixtures/audio/steady-reading.ogg");

const [, openPglite] = BACKENDS[0];

// One worker, one engine at a time, the real PocketSphinx: what a small install runs.
describe("the files lane with two accounts", () => {
  useTestEnv({ TRANSCRIBE_ENGINE: "sphinx", TRANSCRIBE_PARALLEL: "1", SPEAKER_MODELS_AUTO_DOWNLOAD: "false" });
  const t = useOpenedDatabase(openPglite);
  const dir = mkdtempSync(path.join(os.tmpdir(), "verbatim-fair-"));
  const long = path.join(dir, "long.wav");

  beforeAll(async () => {
    // A minute and forty seconds: a 30-second first piece, then one of 70.
    await run("ffmpeg", ["-v", "error", "-y", "-stream_loop", "-1", "-i", READING, "-t", "100", "-ac", "1", "-ar", "16000", long], { timeoutMs: 60_000 });
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const rowOf = async (id: string) => (await t.db.select().from(transcriptions).where(eq(transcriptions.id, id)))[0];
  async function until(check: () => Promise<boolean>, timeoutMs: number, what: string) {
    const deadline = Date.now() + timeoutMs;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  it("transcribes another account's short file between two pieces of a long one, not after all of them", async () => {
    const a = await insertUser(t.db);
    const b = await insertUser(t.db);
    const longFile = await uploadWav(t.db, a, long);
    const aNext = await uploadWav(t.db, a, JFK);
    // Stopped inside the test: the database closes in an afterAll of its own.
    const worker = startWorker(t.db, { pollMs: 100, schedules: false });
    try {
      // The short file arrives while the first piece is being transcribed: waiting for that piece
      // to finish raced the worker, which may already have taken the second piece by then.
      await until(async () => (await rowOf(longFile.id))?.status === "processing", 240_000, "the long file's first piece");
      const short = await uploadWav(t.db, b, JFK);
      expect((await rowOf(longFile.id))?.piecesDone ?? 0).toBe(0);
      await until(async () => (await rowOf(short.id))?.status === "done", 240_000, "the short file");
      // The long file still had pieces to go, and its own account's next file waited for it.
      expect((await rowOf(longFile.id))?.status).toBe("processing");
      expect((await rowOf(aNext.id))?.status).toBe("queued");
      await until(async () => (await rowOf(aNext.id))?.status === "done", 480_000, "the rest");
      const longRow = await rowOf(longFile.id);
      expect(longRow?.status).toBe("done");
      expect(longRow?.transcriptText).toMatch(/\w+/);
      expect((await rowOf(short.id))?.transcriptText?.toLowerCase()).toContain("country");
    } finally {
      await worker.stop();
    }
  }, 900_000);
});
