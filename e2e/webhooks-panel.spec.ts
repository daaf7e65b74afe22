import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { verifyWebhookSignature } from "@/lib/webhooks/signature";
import { jfkWav } from "./support/audio";
import { ORIGIN, createUser, expect, logInViaApi, test } from "./support/fixtures";

/** A receiver on 127.0.0.1 (the stack sets WEBHOOKS_ALLOW_LOOPBACK): 500 until `accept` is set, 200 after. */
async function receiver() {
  const received: Array<{ headers: IncomingHttpHeaders; body: string }> = [];
  const state = { accept: false };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      res.statusCode = state.accept ? 200 : 500;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/verbatim`, received, state, close: () => new Promise((r) => server.close(r)) };
}

/**
 * Issue 30 §5 in the browser: a webhook added on the Developers page (a private address
 * refused with a sentence), its secret revealed, a failed attempt and its retry in the
 * delivery log, a resend, a test delivery (issue 41), and the webhook deleted. Issue 38: the endpoint's backoff after
 * the failure is shown, and each attempt's outcome.
 */
test("webhooks: added on the Developers page, deliveries logged with their retries, resent, deleted", async ({ page }) => {
  test.setTimeout(180_000);
  const hooks = await receiver();
  try {
    await logInViaApi(page, await createUser(page.request));
    await page.goto("/developers");
    const panel = page.getByRole("region", { name: "Webhooks" });
    await expect(panel.getByText("No webhooks yet.")).toBeVisible();

    // A private address is refused before anything is stored.
    await panel.getByLabel("URL").fill("https://10.0.0.1/hooks");
    await panel.getByRole("button", { name: "Add webhook" }).click();
    await expect(panel.getByRole("alert")).toHaveText("Webhooks cannot call 10.0.0.1: it is a private address. Use an address reachable from the internet.");

    // Only "done" is wanted.
    await panel.getByLabel("URL").fill(hooks.url);
    await panel.getByLabel("Transcription failed").uncheck();
    await panel.getByRole("button", { name: "Add webhook" }).click();
    const item = panel.getByTestId("webhook");
    await expect(item).toContainText(hooks.url);
    await expect(item).toContainText("Transcription done");
    await expect(item).not.toContainText("Transcription failed");
    await expect(item.getByTestId("webhook-secret")).toContainText("•");
    await item.getByRole("button", { name: "Reveal" }).click();
    const secret = (await item.getByTestId("webhook-secret").textContent())?.trim() ?? "";
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);

    // A transcription ends: the first attempt gets a 500, shown in the log; the retry is accepted.
    const upload = await page.request.post("/api/transcriptions?filename=jfk.wav&language=en&speakers=1", { headers: { ...ORIGIN, "content-type": "audio/wav" }, data: jfkWav() });
    expect(upload.status(), await upload.text()).toBe(201);
    await expect.poll(() => hooks.received.length, { timeout: 150_000, intervals: [1000] }).toBeGreaterThanOrEqual(1);
    await item.getByRole("button", { name: "Deliveries" }).click();
    const row = item.getByTestId("webhook-delivery");
    await expect(row).toContainText("transcription.done");
    await expect(row).toContainText("The endpoint answered with status 500.");
    await expect(row.getByRole("button", { name: /^Resend/ })).toBeDisabled();
    // The endpoint backs off after failing: the list says until when, the attempt's history what happened.
    await page.reload();
    const state = item.getByTestId("webhook-state");
    await expect(state).toHaveText(/^Backing off until .+ after \d+ failed attempts?( in a row)?; its deliveries wait until then\. It is disabled after 10 in a row\.$/);
    await item.getByRole("button", { name: "Deliveries" }).click();
    await row.getByLabel(/attempts: show the history$/).click();
    await expect(row.getByTestId("webhook-attempt").first()).toContainText("The endpoint answered with status 500.");
    hooks.state.accept = true;
    await expect(row).toContainText("Delivered", { timeout: 60_000 });
    await expect(row).toContainText("200");
    await expect(state).toHaveText("Active.", { timeout: 15_000 });
    const first = hooks.received[0];
    expect(verifyWebhookSignature(secret, first.headers["verbatim-signature"] as string, first.body)).toBe(true);

    // Resent: the same delivery (same id), signed afresh, once more.
    const before = hooks.received.length;
    await row.getByRole("button", { name: /^Resend/ }).click();
    await expect.poll(() => hooks.received.length, { timeout: 30_000 }).toBe(before + 1);
    const again = hooks.received.at(-1)!;
    expect(again.headers["verbatim-delivery"]).toBe(first.headers["verbatim-delivery"]);
    expect(again.body).toBe(first.body);
    expect(verifyWebhookSignature(secret, again.headers["verbatim-signature"] as string, again.body)).toBe(true);
    await expect(row).toContainText("Delivered", { timeout: 15_000 });

    // A test delivery on request: signed, logged first with no transcription, delivered.
    const beforeTest = hooks.received.length;
    await item.getByRole("button", { name: `Send a test delivery to ${hooks.url}` }).click();
    const test = item.getByTestId("webhook-delivery").first();
    await expect(test).toContainText("webhook.ping");
    await expect(test).toContainText("Delivered", { timeout: 30_000 });
    const ping = hooks.received[beforeTest];
    expect(ping.headers["verbatim-event"]).toBe("webhook.ping");
    expect(verifyWebhookSignature(secret, ping.headers["verbatim-signature"] as string, ping.body)).toBe(true);

    await item.getByRole("button", { name: `Delete the webhook ${hooks.url}` }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
    await expect(panel.getByText("No webhooks yet.")).toBeVisible();
  } finally {
    await hooks.close();
  }
});
