import { randomUUID } from "node:crypto";
import { clientFor, openAdminPanel } from "./support/admin";
import { expect, sql, test, uniqueEmail, waitForMail } from "./support/fixtures";

/** How a mail job's failure reads once its attempts are spent (lib/email/mail-queue.ts words it so). */
const REFUSED = "The mail job failed: Message failed: 550 5.7.1 Relaying denied";

/**
 * A mail that failed for good while the mail server refused it. The stack's SMTP server
 * cannot be told to refuse, and a real failure takes 8 attempts over half an hour, so the
 * dead letter is written into the app's database as the worker would have left it; the
 * retry then runs for real: the worker takes it and the SMTP server accepts it. It is dated
 * as just queued, so it is on the queue view's first page whatever mail the specs before sent.
 */
async function deadLetter(to: string): Promise<string> {
  const id = randomUUID();
  const mail = { to, subject: "Your export is ready", text: "Your export is ready.", html: "<p>Your export is ready.</p>" };
  await sql(
    `insert into jobs (id, kind, payload, status, attempts, max_attempts, last_error, created_at, started_at, finished_at)
     values ($1, 'mail', $2, 'failed', 8, 8, $3, now(), now(), now())`,
    [id, JSON.stringify(mail), REFUSED],
  );
  return id;
}

test.describe("the admin panel's queue", () => {
  test("an operator sees a failed mail with its reason, retries it, and it is sent", async ({ page, request }) => {
    const to = uniqueEmail("queue");
    const id = await deadLetter(to);
    await openAdminPanel(page, request, "queue", 1);
    await page.getByLabel("Kind", { exact: true }).selectOption("mail");
    const row = page.getByTestId(`admin-job-row-${id}`);
    await expect(row.getByTestId("admin-job-status")).toHaveText("Failed");
    await expect(row).toContainText(REFUSED);
    await expect(row).toContainText("8 of 8");
    await expect(row.getByRole("button", { name: "Cancel" })).toHaveCount(0);

    await row.getByRole("button", { name: "Retry" }).click();
    const dialog = page.getByRole("dialog", { name: "Retry this mail job?" });
    await dialog.getByRole("button", { name: "Retry" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByTestId("admin-notice")).toContainText("The job is queued again.");
    // The tab reads the queue every 2 s: the worker's send shows as done.
    await expect(row.getByTestId("admin-job-status")).toHaveText("Done", { timeout: 20_000 });
    await expect(row.getByRole("button", { name: "Retry" })).toHaveCount(0);
    expect((await waitForMail(to, /Your export is ready/)).text).toContain("Your export is ready.");
    const [job] = await sql<{ payload: unknown; attempts: number }>("select payload, attempts from jobs where id = $1", [id]);
    // sent: its content (a mail's links) is not kept
    expect(job).toEqual({ payload: null, attempts: 1 });

    await page.getByRole("tab", { name: "Audit log" }).click();
    await page.getByLabel("Search audit log").fill(id);
    await expect(page.getByRole("table", { name: "Audit log" })).toContainText("Retried the failed mail job");
  });

  test("the metrics are for operators (or a scraper with METRICS_TOKEN), in Prometheus's format", async ({ page, request, playwright }) => {
    const anonymous = await clientFor(playwright);
    const refused = await anonymous.get("/api/metrics");
    expect(refused.status()).toBe(401);
    expect((await refused.json()).detail).toBe("Sign in as an operator, or send the metrics token as Authorization: Bearer <token>.");
    const wrong = await anonymous.get("/api/metrics", { headers: { authorization: "Bearer not-the-token" } });
    expect(wrong.status()).toBe(401);
    expect((await wrong.json()).detail).toBe("The metrics token is not valid.");
    await anonymous.dispose();

    await openAdminPanel(page, request, undefined, 1);
    const res = await page.request.get("/api/metrics");
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toBe("text/plain; version=0.0.4; charset=utf-8");
    const text = await res.text();
    expect(text).toMatch(/^verbatim_workers_alive [1-9]\d*$/m);
    expect(text).toMatch(/^verbatim_jobs\{kind="transcribe",state="queued"\} \d+$/m);
  });
});
