import { eq, sql } from "drizzle-orm";
import { workers } from "@/lib/db/schema";
import { BACKENDS, useOpenedDatabase } from "@/test/support/databases";
import { useTestEnv } from "@/test/support/env";
import { startWorker } from "@/lib/worker/worker";
import { provisionWhisperModel, resetProvisioning } from "./model-provisioning";
import { aliveWorkers, forgetDeadWorkers, heartbeat, requestModelRetry, signOff } from "./worker-registry";

describe.each(BACKENDS)("workers known to every host, on %s", (_name, open) => {
  // Nothing is downloaded here: a model download can only fail, against a closed local port.
  useTestEnv({ TRANSCRIBE_ENGINE: "sphinx", SPEAKER_MODELS_BASE_URL: "http://127.0.0.1:1" });
  const t = useOpenedDatabase(open);

  it("a worker's heartbeat says what it can do; one that stops or goes silent is not counted", async () => {
    const db = t.db;
    await heartbeat(db, "w-alive", null);
    await heartbeat(db, "w-busy", "job-1");
    await heartbeat(db, "w-silent", null);
    await db.update(workers).set({ seenAt: sql`now() - interval '5 minutes'` }).where(eq(workers.id, "w-silent"));
    const alive = await aliveWorkers(db);
    expect(alive.map((w) => w.id)).toEqual(["w-alive", "w-busy"]);
    expect(alive[0]).toMatchObject({ engine: "sphinx", problem: null, busy: false, seen_s_ago: 0 });
    expect(alive[0].capacity).toBeGreaterThanOrEqual(1);
    expect(alive[1].busy).toBe(true);
    await signOff(db, "w-alive");
    await signOff(db, "w-busy");
    expect(await aliveWorkers(db)).toEqual([]);
  });

  it("a real worker signs in when it starts and off when it stops", async () => {
    const db = t.db;
    const worker = startWorker(db, { pollMs: 50 });
    for (let i = 0; i < 100 && !(await aliveWorkers(db)).some((w) => w.id === worker.id); i++) await new Promise((r) => setTimeout(r, 20));
    expect((await aliveWorkers(db)).map((w) => w.id)).toContain(worker.id);
    await worker.stop();
    expect((await aliveWorkers(db)).map((w) => w.id)).not.toContain(worker.id);
  });

  it("a heartbeat says how the worker's model download goes; an operator's retry is taken by the next one", async () => {
    const db = t.db;
    resetProvisioning();
    // this worker's download fails: the repository cannot be reached
    Object.assign(process.env, { TRANSCRIBE_ENGINE: "auto", WHISPER_DOWNLOAD_MODEL: "tiny", WHISPER_MODEL_BASE_URL: "http://127.0.0.1:1" });
    await provisionWhisperModel();
    process.env.TRANSCRIBE_ENGINE = "sphinx";
    await heartbeat(db, "w-model", null);
    const [seen] = (await aliveWorkers(db)).filter((w) => w.id === "w-model");
    expect(seen.model).toMatchObject({ state: "failed", model: "tiny", reason: expect.stringMatching(/^Could not reach the model repository/) });

    expect(await requestModelRetry(db)).toEqual(["w-model"]);
    // the retry runs afresh (now an operator chose another engine, so it is "off"), and the flag is taken
    await heartbeat(db, "w-model", null);
    const [row] = await db.select().from(workers).where(eq(workers.id, "w-model"));
    expect(row).toMatchObject({ modelRetryRequested: false, modelStatus: { state: "off" } });
    expect(await requestModelRetry(db)).toEqual([]);
    await signOff(db, "w-model");
    resetProvisioning();
  });

  it("a row carries the speaker models' download beside the whisper model's; a failed one is retried too, and older rows still read", async () => {
    const db = t.db;
    const failed = { state: "failed", reason: "The model repository answered 404." };
    await db.insert(workers).values([
      { id: "w-speakers", host: "a", modelStatus: { state: "present", speakers: failed } },
      { id: "w-old", host: "b", modelStatus: { state: "ready", model: "base" } },
    ]);
    const seen = Object.fromEntries((await aliveWorkers(db)).map((w) => [w.id, { model: w.model, speakers: w.speakers }]));
    expect(seen).toEqual({ "w-speakers": { model: { state: "present" }, speakers: failed }, "w-old": { model: { state: "ready", model: "base" }, speakers: null } });
    expect(await requestModelRetry(db)).toEqual(["w-speakers"]);
    await db.delete(workers);
  });

  it("rows of workers not seen for a day are forgotten by the scheduled sweep, not by reading", async () => {
    const db = t.db;
    await heartbeat(db, "w-dead", null);
    await db.update(workers).set({ seenAt: sql`now() - interval '2 days'` }).where(eq(workers.id, "w-dead"));
    await aliveWorkers(db);
    expect(await db.select().from(workers).where(eq(workers.id, "w-dead"))).toHaveLength(1);
    expect(await forgetDeadWorkers(db)).toBe(1);
    expect(await db.select().from(workers).where(eq(workers.id, "w-dead"))).toHaveLength(0);
  });
});
