import { createReadStream } from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { workers } from "@/lib/db/schema";
import { BACKENDS, useOpenedDatabase } from "@/test/support/databases";
import { useTestEnv } from "@/test/support/env";
import { insertUser } from "@/test/support/users";
import { createTranscription } from "./create";
import { ENGINE_UNAVAILABLE } from "./engines/labels";
import { NO_WORKER_MESSAGE, offeredEngine } from "./offered-engine";
import { transcriptionOptions } from "./options";
import { heartbeat, signOff } from "./worker-registry";

const JFK = path.resolve(__dirname, "../../test/fixtures/audio/jfk.wav");

// A web host without a worker of its own offers what the workers on other hosts can do.
describe.each(BACKENDS.slice(0, 1))("the engine a web host offers, on %s", (_name, open) => {
  useTestEnv({ TRANSCRIBE_ENGINE: "sphinx", WORKER_IN_APP: "false" });
  const t = useOpenedDatabase(open);

  it("with no worker alive: none, and uploads are refused with a sentence saying why", async () => {
    const db = t.db;
    expect(await offeredEngine(db)).toEqual({ engine: null, reason: NO_WORKER_MESSAGE });
    const userId = await insertUser(db);
    // The reason is the admin panel's; the customer reads what it means for them.
    expect((await transcriptionOptions(db, userId)).engine_problem).toBe(ENGINE_UNAVAILABLE);
    const refused = createTranscription(db, {
      userId,
      body: Readable.toWeb(createReadStream(JFK)) as ReadableStream<Uint8Array>,
      declaredBytes: null,
      filename: "jfk.wav",
      contentType: "audio/wav",
      language: null,
      source: "upload",
    });
    await expect(refused).rejects.toMatchObject({ kind: "unavailable", message: ENGINE_UNAVAILABLE });
  });

  it("the best engine among the live workers, with its languages; a worker without one says why", async () => {
    const db = t.db;
    await db.insert(workers).values({ id: "w-broken", host: "h2", engine: null, problem: "PocketSphinx is not installed.", capacity: 0 });
    expect(await offeredEngine(db)).toEqual({ engine: null, reason: "The transcription workers have no speech engine: PocketSphinx is not installed." });
    await heartbeat(db, "w-sphinx", null);
    const choice = await offeredEngine(db);
    expect(choice.engine?.name).toBe("sphinx");
    const options = await transcriptionOptions(db, await insertUser(db));
    expect(options).toMatchObject({ engine: "sphinx", engine_label: "Offline English engine", engine_problem: null, auto_detect: false });
    expect(options.languages.map((l) => l.code)).toEqual(["en"]);
    await signOff(db, "w-sphinx");
    await signOff(db, "w-broken");
  });
});
