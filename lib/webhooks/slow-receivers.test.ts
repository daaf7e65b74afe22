import { BACKENDS, useOpenedDatabase } from "@/test/support/databases";
import { useTestEnv } from "@/test/support/env";
import { runWebhookAttack } from "@/test/support/webhook-attack";

// Issue 38: ten endpoints of one account that hang or answer slowly, with six transcriptions'
// deliveries queued, must not hold up another account's delivery by more than 5 seconds.
describe.each(BACKENDS.slice(0, 1))("another account's slow webhook receivers on %s", (_name, open) => {
  useTestEnv({ WEBHOOKS_ALLOW_LOOPBACK: "true", TRANSCRIBE_ENGINE: "sphinx" });
  const t = useOpenedDatabase(open);

  it("B's delivery arrives within 5 s while A's sixty deliveries hang or crawl", async () => {
    const { delayMs } = await runWebhookAttack(t.db, { waitMs: 15_000 });
    expect(delayMs).not.toBeNull();
    expect(delayMs!).toBeLessThanOrEqual(5_000);
  }, 60_000);
});
