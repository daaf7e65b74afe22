import { jfkWav } from "./support/audio";
import { createUser, expect, logInViaApi, test } from "./support/fixtures";
import { APP_URL } from "./support/stack-config";

/**
 * Issue 30 §4: a key made on the Developers page (shown once) lets a script with no cookie
 * upload (whole and resumable), list, read and export; once revoked it is refused.
 */
test("an API key made in the UI is shown once, works from a script, and stops when revoked", async ({ page, playwright }) => {
  test.setTimeout(180_000);
  await logInViaApi(page, await createUser(page.request));
  await page.goto("/developers");
  await expect(page.getByRole("heading", { name: "Developers" })).toBeVisible();
  await expect(page.getByText("No API keys yet.")).toBeVisible();

  await page.getByLabel("Key name").fill("Nightly import");
  await page.getByLabel("Scope").selectOption("write");
  await page.getByRole("button", { name: "Create key" }).click();
  await expect(page.getByText("You won't see this key again.", { exact: false })).toBeVisible();
  const token = (await page.getByTestId("new-api-key").textContent())?.trim() ?? "";
  expect(token).toMatch(/^vbt_[A-Za-z0-9_-]{43}$/);
  const keys = page.getByRole("list", { name: "API keys" });
  await expect(keys.getByText("Nightly import")).toBeVisible();
  await expect(keys).toContainText(token.slice(0, 12));
  await expect(keys).toContainText("last used Never");

  // Shown once: after a reload the list has its prefix only.
  await page.reload();
  await expect(page.getByRole("list", { name: "API keys" }).getByText("Nightly import")).toBeVisible();
  await expect(page.getByTestId("new-api-key")).toHaveCount(0);
  expect(await page.content()).not.toContain(token);

  // The script: no cookie, no Origin, only the key.
  const script = await playwright.request.newContext({ baseURL: APP_URL, extraHTTPHeaders: { authorization: `Bearer ${token}`, "x-forwarded-for": "10.97.1.2" } });
  const sent = await script.post("/api/transcriptions?filename=jfk.wav", { headers: { "content-type": "audio/wav" }, data: jfkWav() });
  expect(sent.status(), await sent.text()).toBe(201);
  const { id } = (await sent.json()) as { id: string };

  // The resumable upload (tus), whole in one part.
  const tus = { "tus-resumable": "1.0.0" };
  const audio = jfkWav();
  const started = await script.post("/api/uploads", {
    headers: { ...tus, "upload-length": String(audio.length), "upload-metadata": `filename ${Buffer.from("jfk-resumable.wav").toString("base64")},filetype ${Buffer.from("audio/wav").toString("base64")}` },
  });
  expect(started.status(), await started.text()).toBe(201);
  const finished = await script.patch(started.headers()["location"], { headers: { ...tus, "content-type": "application/offset+octet-stream", "upload-offset": "0" }, data: audio });
  expect(finished.status(), await finished.text()).toBeLessThan(300);

  const listed = await script.get("/api/transcriptions");
  expect(listed.status()).toBe(200);
  expect(((await listed.json()) as { transcriptions: Array<{ original_filename: string }> }).transcriptions.map((t) => t.original_filename).sort()).toEqual([
    "jfk-resumable.wav",
    "jfk.wav",
  ]);
  await expect
    .poll(async () => ((await (await script.get(`/api/transcriptions/${id}`)).json()) as { status: string }).status, { timeout: 150_000, intervals: [1000] })
    .toBe("done");
  const detail = (await (await script.get(`/api/transcriptions/${id}`)).json()) as { segments: Array<{ text: string }> };
  expect(detail.segments.map((s) => s.text).join(" ").toLowerCase()).toContain("country");
  const exported = await script.get(`/api/transcriptions/${id}/export?format=txt`);
  expect(exported.status()).toBe(200);
  expect((await exported.text()).toLowerCase()).toContain("country");

  // A key cannot manage keys.
  expect((await script.get("/api/api-keys")).status()).toBe(401);

  // The page now shows when it was used; revoking it stops the script at once.
  await page.reload();
  await expect(page.getByRole("list", { name: "API keys" })).not.toContainText("last used Never");
  await page.getByRole("button", { name: "Revoke Nightly import" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Revoke" }).click();
  await expect(page.getByText("No API keys yet.")).toBeVisible();
  const refused = await script.get("/api/transcriptions");
  expect(refused.status()).toBe(401);
  expect(await refused.json()).toEqual({ detail: "This API key is not valid." });
  await script.dispose();
});

test("a read key reads but cannot upload or delete", async ({ page, playwright }) => {
  await logInViaApi(page, await createUser(page.request));
  const made = await page.request.post("/api/api-keys", { headers: { origin: APP_URL }, data: { name: "Reader", scope: "read" } });
  expect(made.status()).toBe(201);
  const { token } = (await made.json()) as { token: string };
  const script = await playwright.request.newContext({ baseURL: APP_URL, extraHTTPHeaders: { authorization: `Bearer ${token}`, "x-forwarded-for": "10.97.1.3" } });
  expect((await script.get("/api/transcriptions")).status()).toBe(200);
  const upload = await script.post("/api/transcriptions?filename=jfk.wav", { headers: { "content-type": "audio/wav" }, data: jfkWav() });
  expect(upload.status()).toBe(403);
  expect(await upload.json()).toEqual({ detail: "This API key can only read." });
  await script.dispose();
});

test("the API is documented: /api/openapi.json and /docs/api, signed out", async ({ page, request }) => {
  const doc = await request.get("/api/openapi.json");
  expect(doc.status()).toBe(200);
  const json = (await doc.json()) as { openapi: string; paths: Record<string, unknown> };
  expect(json.openapi).toBe("3.1.0");
  expect(Object.keys(json.paths)).toEqual(expect.arrayContaining(["/api/transcriptions", "/api/transcriptions/{id}", "/api/uploads"]));
  await page.goto("/docs/api");
  await expect(page.getByRole("heading", { name: "REST API", level: 1 })).toBeVisible();
  await expect(page.getByRole("heading", { name: "POST /api/transcriptions", exact: true })).toBeVisible();
  await expect(page.getByText('Authorization: Bearer $VERBATIM_API_KEY').first()).toBeVisible();
});
