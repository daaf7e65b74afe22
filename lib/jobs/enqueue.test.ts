import { eq } from "drizzle-orm";
import { z } from "zod";
import { jobs } from "@/lib/db/schema";
import { mailKind } from "@/lib/email/mail-queue";
import { formatKind } from "@/lib/editor/format-queue";
import { webhookKind } from "@/lib/webhooks/webhook-queue";
import { liveKind } from "@/lib/recordings/live-queue";
import { transcribeKind } from "@/lib/transcription/transcribe-queue";
import { jobRegistry } from "@/lib/worker/job-registry";
import { BACKENDS, useOpenedDatabase } from "@/test/support/databases";
import { exponentialBackoff, jobKind } from "./definition";
import { enqueue } from "./enqueue";

const strictKind = jobKind({ kind: "mail", payload: z.object({ to: z.string().email() }), lane: "mail", maxAttempts: 5, backoffMs: exponentialBackoff });

describe.each(BACKENDS)("enqueue on %s", (_name, open) => {
  const t = useOpenedDatabase(open);

  it("queues the payload as the kind's schema reads it, with the kind's attempts, for the account given", async () => {
    const id = await enqueue(t.db, strictKind, { to: "ann@example.com", extra: "dropped" } as { to: string }, { account: "ann@example.com", priority: 2 });
    const [row] = await t.db.select().from(jobs).where(eq(jobs.id, id!));
    expect(row).toMatchObject({ kind: "mail", payload: { to: "ann@example.com" }, maxAttempts: 5, account: "ann@example.com", priority: 2, status: "queued" });
  });

  it("refuses a payload its kind does not take, at the caller, and queues nothing", async () => {
    const before = await t.db.select().from(jobs);
    await expect(enqueue(t.db, strictKind, { to: "not an address" })).rejects.toThrow(z.ZodError);
    expect(await t.db.select().from(jobs)).toHaveLength(before.length);
  });

  it("gives a job with no payload a null one, and no account when it names no user", async () => {
    const id = await enqueue(t.db, jobKind({ kind: "format", payload: z.null(), lane: "tasks", maxAttempts: 2, backoffMs: () => 0 }), null, { userId: undefined });
    const [row] = await t.db.select().from(jobs).where(eq(jobs.id, id!));
    expect(row).toMatchObject({ payload: null, maxAttempts: 2, account: null });
  });
});

describe("every kind", () => {
  it("is queued by the kind its definition runs: same name, schema, lane, attempts and backoff", () => {
    const registry = jobRegistry();
    for (const kind of [transcribeKind, formatKind, mailKind, liveKind, webhookKind]) {
      const definition = registry[kind.kind];
      expect({ kind: definition.kind, payload: definition.payload, lane: definition.lane, maxAttempts: definition.maxAttempts, backoffMs: definition.backoffMs }).toEqual({
        kind: kind.kind,
        payload: kind.payload,
        lane: kind.lane,
        maxAttempts: kind.maxAttempts,
        backoffMs: kind.backoffMs,
      });
    }
    expect(Object.keys(registry).sort()).toEqual([transcribeKind, formatKind, mailKind, liveKind, webhookKind].map((k) => k.kind).sort());
  });
});
