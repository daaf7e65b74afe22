import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { transcriptions } from "@/lib/db/schema";
import { SUMMARY, toApiTranscription } from "@/lib/transcription/queries";
import { queueWebhookDeliveries } from "@/lib/webhooks/deliveries";
import { createWebhook } from "@/lib/webhooks/endpoints";
import { startWorker } from "@/lib/worker/worker";
import { insertFile } from "./job-fixtures";
import { insertUser } from "./users";
import { startReceiver } from "./webhook-receiver";

/** A slow receiver answers 200 after this long: just inside the old 10-second timeout, so each held a slot for it. */
const SLOW_ANSWER_MS = 9_000;

/** A receiver on 127.0.0.1 that never answers ("hang") or answers 200 after 9 s ("slow"). */
async function badReceiver(kind: "hang" | "slow"): Promise<{ url: string; close(): Promise<void> }> {
  const timers = new Set<NodeJS.Timeout>();
  const server = http.createServer((req, res) => {
    req.resume();
    if (kind === "hang") return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (!res.destroyed) res.writeHead(200).end();
    }, SLOW_ANSWER_MS);
    timers.add(timer);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const t of timers) clearTimeout(t);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A transcription of `userId` that just ended, as its space's webhooks are told (six of A's, one of B's). */
async function reportEnded(db: Database, userId: string): Promise<void> {
  const id = await insertFile(db, userId);
  const [row] = await db.select(SUMMARY).from(transcriptions).where(eq(transcriptions.id, id));
  await db.transaction((tx) => queueWebhookDeliveries(tx, { event: "transcription.done", userId, workspaceId: null, transcription: toApiTranscription(row) }));
}

export interface AttackOutcome {
  /** from B's delivery being queued to its arrival; null: it had not arrived after `waitMs` */
  delayMs: number | null;
}

/**
 * Issue 38's attack: account A has ten webhooks on receivers that hang (five) or answer after
 * 9 s (five) and six transcriptions end (sixty deliveries); then account B's one transcription
 * ends, with one healthy webhook. A real worker (all its lanes) runs; the outcome is how long
 * B's delivery took to arrive. Needs WEBHOOKS_ALLOW_LOOPBACK=true in the environment.
 */
export async function runWebhookAttack(db: Database, options: { waitMs: number; transcriptions?: number }): Promise<AttackOutcome> {
  const attacker = await insertUser(db);
  const victim = await insertUser(db);
  const bad = await Promise.all(Array.from({ length: 10 }, (_, i) => badReceiver(i % 2 ? "slow" : "hang")));
  const healthy = await startReceiver();
  const worker = { stop: async () => {} };
  try {
    for (const r of bad) await createWebhook(db, attacker, null, { url: r.url });
    await createWebhook(db, victim, null, { url: healthy.url("/b") });
    for (let i = 0; i < (options.transcriptions ?? 6); i++) await reportEnded(db, attacker);
    const running = startWorker(db, { pollMs: 100, schedules: false });
    worker.stop = () => running.stop();
    // A's deliveries are under way when B's transcription ends.
    await new Promise((r) => setTimeout(r, 500));
    const queuedAt = Date.now();
    await reportEnded(db, victim);
    while (!healthy.requests.length && Date.now() - queuedAt < options.waitMs) await new Promise((r) => setTimeout(r, 20));
    return { delayMs: healthy.requests.length ? Date.now() - queuedAt : null };
  } finally {
    await worker.stop();
    await Promise.all([...bad.map((r) => r.close()), healthy.close()]);
  }
}
