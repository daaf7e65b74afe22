import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { setEmailWhenDone } from "@/lib/account/notifications";
import { jobs, transcriptions } from "@/lib/db/schema";
import { runNextJob } from "@/lib/worker/run-next";
import { BACKENDS, useOpenedDatabase } from "@/test/support/databases";
import { useTestEnv } from "@/test/support/env";
import { firstLink, useSmtpCatcher } from "@/test/support/smtp-catcher";
import { insertUser } from "@/test/support/users";
import { LONG_TRANSCRIPTION_S, completeTranscription } from "./queue";
import { queueTranscription } from "./transcribe-queue";
import { claimTranscription, failHeld } from "@/test/support/jobs";

const transcript = { engine: "sphinx", segments: [{ startMs: 0, endMs: 1000, text: "hello" }] };

async function claimed(db: Database, userId: string, durationS: number) {
  const id = randomUUID();
  await db.insert(transcriptions).values({
    id, userId, title: "Board meeting", durationS, reservedSeconds: durationS, usagePeriodStart: new Date("2026-11-01T00:00:00Z"),
    audioKey: `${userId}/${id}`, originalFilename: "m.wav", contentType: "audio/wav", sizeBytes: 1,
  });
  await queueTranscription(db, id, 0, userId);
  const job = await claimTranscription(db, "w", 30_000);
  return { id, job: job! };
}

const mailJobs = (db: Database) => db.select().from(jobs).where(eq(jobs.kind, "mail"));

describe.each(BACKENDS.slice(0, 1))("mail when a long transcription ends, on %s", (_name, open) => {
  useTestEnv({ MAIL_FROM: "Verbatim <no-reply@verbatim.test>", APP_URL: "http://localhost:3000" });
  const t = useOpenedDatabase(open);
  const smtp = useSmtpCatcher();
  beforeEach(async () => {
    await t.db.delete(jobs);
  });

  it("a long transcription that completes mails its owner a link to the transcript", async () => {
    process.env.SMTP_URL = `smtp://127.0.0.1:${smtp.catcher.port}`;
    const user = await insertUser(t.db);
    const { id, job } = await claimed(t.db, user, LONG_TRANSCRIPTION_S);
    expect(await completeTranscription(t.db, job, id, transcript)).toBe(true);
    expect(await runNextJob(t.db, "mail-worker", ["mail"])).toMatchObject({ outcome: "done", job: { kind: "mail" } });
    const sent = await smtp.catcher.waitFor(`${user}@example.com`);
    expect(sent.subject).toBe("Your transcript of “Board meeting” is ready");
    expect(firstLink(sent)).toBe(`http://localhost:3000/transcription/${id}`);
  });

  it("a long transcription that fails mails too; short ones and users who turned it off get nothing", async () => {
    const user = await insertUser(t.db);
    const failing = await claimed(t.db, user, LONG_TRANSCRIPTION_S + 60);
    expect(await failHeld(t.db, failing.job, "broken audio", false)).toBe("failed");
    const [queued] = await mailJobs(t.db);
    expect(queued.payload).toMatchObject({ subject: "The transcription of “Board meeting” failed" });
    await t.db.delete(jobs);

    const short = await claimed(t.db, user, LONG_TRANSCRIPTION_S - 1);
    expect(await completeTranscription(t.db, short.job, short.id, transcript)).toBe(true);
    expect(await setEmailWhenDone(t.db, user, false)).toBe(false);
    const optedOut = await claimed(t.db, user, LONG_TRANSCRIPTION_S * 4);
    expect(await completeTranscription(t.db, optedOut.job, optedOut.id, transcript)).toBe(true);
    expect(await mailJobs(t.db)).toEqual([]);
  });

  it("a worker that lost its lease queues no mail", async () => {
    const user = await insertUser(t.db);
    const { id, job } = await claimed(t.db, user, LONG_TRANSCRIPTION_S);
    expect(await completeTranscription(t.db, { ...job, workerId: "someone-else" }, id, transcript)).toBe(false);
    expect(await mailJobs(t.db)).toEqual([]);
  });
});
