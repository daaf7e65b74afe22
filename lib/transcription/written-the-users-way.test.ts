import { createReadStream } from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { asc, eq } from "drizzle-orm";
import { transcriptSegments } from "@/lib/db/schema";
import { BACKENDS, useOpenedDatabase } from "@/test/support/databases";
import { useTestEnv } from "@/test/support/env";
import { claimTranscription, runHeld } from "@/test/support/jobs";
import { insertUser } from "@/test/support/users";
import { addRule } from "@/lib/vocabulary/rules";
import { createTranscription } from "./create";

const JFK = path.resolve(__dirname, "../../test/fixtures/audio/jfk.wav");

describe.each(BACKENDS.slice(0, 1))("a transcript written the user's way (real PocketSphinx) on %s", (_name, open) => {
  useTestEnv({ TRANSCRIBE_ENGINE: "sphinx" });
  const t = useOpenedDatabase(open);

  it("applies the space's replacement rules after recognition, marking what the engine heard", async () => {
    const user = await insertUser(t.db);
    await addRule(t.db, user, null, { find: "your country", replace: "your nation" });
    const created = await createTranscription(t.db, {
      userId: user,
      body: Readable.toWeb(createReadStream(JFK)) as ReadableStream<Uint8Array>,
      declaredBytes: null,
      filename: "jfk.wav",
      contentType: "audio/wav",
      language: "en",
      source: "upload",
    });
    const job = await claimTranscription(t.db, "test-worker", 30_000);
    expect(await runHeld(t.db, job!)).toBe("done");
    const segments = await t.db.select().from(transcriptSegments).where(eq(transcriptSegments.transcriptionId, created.id)).orderBy(asc(transcriptSegments.position));
    const text = segments.map((s) => s.text).join(" ");
    // PocketSphinx hears "what your country can do for you" in JFK's sentence.
    expect(text).toContain("your nation");
    expect(text).not.toContain("your country");
    const marked = segments.flatMap((s) => s.words ?? []).find((w) => w.replaced_from !== undefined);
    expect(marked).toMatchObject({ word: "your", replaced_from: "your country", replaced_words: 2 });
  }, 60_000);
});
