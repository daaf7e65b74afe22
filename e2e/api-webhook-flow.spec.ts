import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { verifyWebhookSignature } from "@/lib/webhooks/signature";
import { jfkWav } from "./support/audio";
import { ORIGIN, createUser, expect, logInViaApi, test } from "./support/fixtures";

interface Received {
  headers: IncomingMessage["headers"];
  body: string;
}

/** A script's receiver on 127.0.0.1: answers 500 to the first delivery (to see the retry), 200 after. */
async function receiver() {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      res.statusCode = received.length === 1 ? 500 : 200;
      res.end(received.length === 1 ? "try again" : "ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/verbatim`, received, close: () => new Promise((r) => server.close(r)) };
}

test("a script uploads with an API key, gets a signed webhook when it is done (after one retry), and reads the transcript with the key", async ({ page, request, playwright, baseURL }) => {
  test.setTimeout(180_000);
  const hooks = await receiver();
  try {
    // The person sets it up once in the browser session: a key and a webhook.
    const creds = await createUser(request);
    await logInViaApi(page, creds);
    const key = await page.request.post("/api/api-keys", { headers: ORIGIN, data: { name: "Ingest script", scope: "write" } });
    expect(key.status(), await key.text()).toBe(201);
    const { token } = (await key.json()) as { token: string };
    const hook = await page.request.post("/api/webhook-endpoints", { headers: ORIGIN, data: { url: hooks.url, events: ["transcription.done", "transcription.failed"] } });
    expect(hook.status(), await hook.text()).toBe(201);
    const { secret, id: webhookId } = (await hook.json()) as { secret: string; id: string };

    // The script: no cookies, no Origin, just the key.
    const script = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { authorization: `Bearer ${token}` } });
    const upload = await script.post("/api/transcriptions?filename=jfk.wav&language=en&speakers=1", { data: jfkWav(), headers: { "content-type": "audio/wav" } });
    expect(upload.status(), await upload.text()).toBe(201);
    const { id } = (await upload.json()) as { id: string };

    // The first delivery gets a 500 and is retried as a job; the second is accepted.
    await expect.poll(() => hooks.received.length, { timeout: 150_000, intervals: [1000] }).toBeGreaterThanOrEqual(2);
    const delivered = hooks.received[1];
    expect(delivered.headers["verbatim-event"]).toBe("transcription.done");
    expect(verifyWebhookSignature(secret, delivered.headers["verbatim-signature"] as string, delivered.body)).toBe(true);
    expect(verifyWebhookSignature(secret, delivered.headers["verbatim-signature"] as string, delivered.body.replace("done", "failed"))).toBe(false);
    expect(verifyWebhookSignature("whsec_wrong", delivered.headers["verbatim-signature"] as string, delivered.body)).toBe(false);
    const event = JSON.parse(delivered.body) as { type: string; data: { transcription: { id: string; status: string } } };
    expect(event.type).toBe("transcription.done");
    expect(event.data.transcription).toMatchObject({ id, status: "done" });
    // Both attempts carry the same delivery id: a receiver can ignore the repeat.
    expect(hooks.received[0].headers["verbatim-delivery"]).toBe(delivered.headers["verbatim-delivery"]);

    // The log shows the delivery with its attempts, in the person's session.
    const log = await page.request.get(`/api/webhook-endpoints/${webhookId}/deliveries`);
    const { deliveries } = (await log.json()) as { deliveries: Array<{ status: string; attempts: number; response_status: number | null }> };
    expect(deliveries[0]).toMatchObject({ status: "delivered", attempts: 2, response_status: 200 });

    // The script reads what it was told about, with the key.
    const got = await script.get(`/api/transcriptions/${id}`);
    expect(got.status()).toBe(200);
    expect(((await got.json()) as { segments: Array<{ text: string }> }).segments.map((s) => s.text).join(" ").toLowerCase()).toContain("country");
    const txt = await script.get(`/api/transcriptions/${id}/export?format=txt`);
    expect(txt.status()).toBe(200);
    expect((await txt.text()).toLowerCase()).toContain("country");
    const listed = (await (await script.get("/api/transcriptions")).json()) as { transcriptions: Array<{ id: string }> };
    expect(listed.transcriptions.map((t) => t.id)).toContain(id);

    // The script reads the delivery log with its key too: which transcription each call was for.
    const scriptLog = await script.get(`/api/webhook-endpoints/${webhookId}/deliveries`);
    expect(scriptLog.status(), await scriptLog.text()).toBe(200);
    const { deliveries: seen } = (await scriptLog.json()) as { deliveries: Array<{ transcription_id: string; transcription_title: string }> };
    expect(seen[0]).toMatchObject({ transcription_id: id, transcription_title: "jfk" });

    // Keys are not sessions: making keys needs the person, not the script.
    expect((await script.post("/api/api-keys", { data: { name: "escalate", scope: "write" } })).status()).toBe(401);
    await script.dispose();
  } finally {
    await hooks.close();
  }
});
