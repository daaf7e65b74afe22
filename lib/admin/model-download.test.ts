import { eq, sql } from "drizzle-orm";
import { auditLog, workers } from "@/lib/db/schema";
import { BACKENDS, useOpenedDatabase } from "@/test/support/databases";
import { insertUser } from "@/test/support/users";
import { NO_FAILED_DOWNLOAD, retryModelDownloadAsOperator } from "./model-download";

describe.each(BACKENDS.slice(0, 1))("an operator's retry of the model download, on %s", (_name, open) => {
  const t = useOpenedDatabase(open);

  it("flags the running workers whose download failed, and writes it in the audit log", async () => {
    const db = t.db;
    const operator = { id: await insertUser(db), email: "ops1@verbatim.test" };
    const failed = { state: "failed", model: "base", reason: "Could not reach the model repository." };
    await db.insert(workers).values([
      { id: "w-failed", host: "a", modelStatus: failed },
      { id: "w-ready", host: "b", modelStatus: { state: "ready", model: "base" } },
      { id: "w-gone", host: "c", modelStatus: failed, seenAt: sql`now() - interval '5 minutes'` },
    ]);
    expect(await retryModelDownloadAsOperator(db, operator)).toEqual(["w-failed"]);
    const flags = Object.fromEntries((await db.select().from(workers)).map((w) => [w.id, w.modelRetryRequested]));
    expect(flags).toEqual({ "w-failed": true, "w-ready": false, "w-gone": false });
    const [entry] = await db.select().from(auditLog).where(eq(auditLog.action, "model_download.retried"));
    expect(entry).toMatchObject({ actorEmail: "ops1@verbatim.test", targetType: "worker", targetId: "w-failed", summary: "Asked 1 worker to download the speech model again" });

    await db.update(workers).set({ modelStatus: { state: "downloading", model: "base", bytes: 0, total: null } }).where(eq(workers.id, "w-failed"));
    await expect(retryModelDownloadAsOperator(db, operator)).rejects.toThrow(NO_FAILED_DOWNLOAD);
  });
});
