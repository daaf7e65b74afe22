import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { APIRequestContext } from "@playwright/test";
import { ORIGIN, createUser, expect, logInViaApi, sql, test } from "./support/fixtures";
import { addMember, onTeamPlan, signedInPerson, userId } from "./support/teams";
import { seedJfkTranscript } from "./support/transcripts";

/**
 * Access ends everywhere at once (issue 38 §3), and malformed uploads and share pages
 * (§6), as a client of the built server sees them.
 */

const JFK = path.resolve(__dirname, "../test/fixtures/audio/jfk.wav");
const NOT_VALID = { detail: "This API key is not valid." };

/** The cookie header of a signed-in client, for a request Playwright's client cannot make (reading a stream as it arrives). */
async function cookieOf(client: APIRequestContext): Promise<string> {
  return (await client.storageState()).cookies.map((c) => `${c.name}=${c.value}`).join("; ");
}

/** An event stream read as a browser's EventSource reads it, with what arrived so far and whether the server closed it. */
async function openStream(baseURL: string, address: string, cookie: string) {
  const response = await fetch(`${baseURL}${address}`, { headers: { cookie, accept: "text/event-stream" } });
  expect(response.status).toBe(200);
  const reader = response.body!.getReader();
  const seen = { text: "", closed: false };
  void (async () => {
    const decoder = new TextDecoder();
    for (;;) {
      const next = await reader.read().catch(() => ({ done: true as const, value: undefined }));
      if (next.done) return void (seen.closed = true);
      seen.text += decoder.decode(next.value);
    }
  })();
  return { seen, leave: () => reader.cancel().catch(() => undefined) };
}

async function team(playwright: Parameters<typeof signedInPerson>[0], baseURL: string) {
  const [owner, second, third] = await Promise.all(["Olivia Owner", "Adam Second", "Vera Third"].map((name) => signedInPerson(playwright, baseURL, name)));
  await onTeamPlan(owner.creds.email);
  const created = await owner.client.post("/api/auth/organization/create", { headers: ORIGIN, data: { name: "Acme", slug: `acme-${randomUUID().slice(0, 8)}` } });
  expect(created.status(), await created.text()).toBe(200);
  const workspaceId = ((await created.json()) as { id: string }).id;
  const inWorkspace = (client: APIRequestContext) => client.post("/api/auth/organization/set-active", { headers: ORIGIN, data: { organizationId: workspaceId } });
  const remove = async (email: string) => {
    const res = await owner.client.post("/api/auth/organization/remove-member", { headers: ORIGIN, data: { memberIdOrEmail: email, organizationId: workspaceId } });
    expect(res.status(), await res.text()).toBe(200);
  };
  return { owner, second, third, workspaceId, inWorkspace, remove };
}

test("an admin made a member through the app: their workspace key stops at once, for reading and uploading", async ({ playwright, baseURL }) => {
  const { owner, second: admin, workspaceId, inWorkspace } = await team(playwright, baseURL!);
  await addMember(workspaceId, admin.creds.email, "admin");
  await inWorkspace(admin.client);
  const made = await admin.client.post("/api/api-keys", { headers: ORIGIN, data: { name: "sync", scope: "write" } });
  expect(made.status(), await made.text()).toBe(201);
  const key = { authorization: `Bearer ${((await made.json()) as { token: string }).token}` };
  const bare = await playwright.request.newContext({ baseURL });
  expect((await bare.get("/api/transcriptions", { headers: key })).status()).toBe(200);

  const [member] = await sql<{ id: string }>("select id from workspace_members where organization_id = $1 and user_id = $2", [workspaceId, await userId(admin.creds.email)]);
  const demoted = await owner.client.post("/api/auth/organization/update-member-role", { headers: ORIGIN, data: { organizationId: workspaceId, memberId: member.id, role: "member" } });
  expect(demoted.status(), await demoted.text()).toBe(200);

  const listed = await bare.get("/api/transcriptions", { headers: key });
  expect([listed.status(), await listed.json()]).toEqual([401, NOT_VALID]);
  const uploaded = await bare.post("/api/transcriptions?filename=jfk.wav", { headers: { ...key, "content-type": "audio/wav" }, data: await readFile(JFK) });
  expect([uploaded.status(), await uploaded.json()]).toEqual([401, NOT_VALID]);
  expect(await sql("select 1 from transcriptions where workspace_id = $1", [workspaceId])).toEqual([]);
  await bare.dispose();
});

test("removed from the workspace mid-recording: the member can no longer stop it, and a viewer's open live stream closes", async ({ playwright, baseURL }) => {
  const { second: member, third: viewer, workspaceId, inWorkspace, remove } = await team(playwright, baseURL!);
  await addMember(workspaceId, member.creds.email, "member");
  await addMember(workspaceId, viewer.creds.email, "viewer");
  await inWorkspace(member.client);
  const started = await member.client.post("/api/recordings", { headers: ORIGIN, data: { title: "Standup", language: "en", mode: "mic" } });
  expect(started.status(), await started.text()).toBe(201);
  const id = ((await started.json()) as { transcription: { id: string } }).transcription.id;

  // The viewer follows the live text; a word arrives while they may read it, none after.
  const stream = await openStream(baseURL!, `/api/recordings/${id}/events`, await cookieOf(viewer.client));
  // As the live runner does: store the words, then wake the streams of the recording's maker.
  const said = async (idx: number, text: string) => {
    await sql("insert into live_utterances (transcription_id, idx, start_ms, end_ms, text) values ($1, $2, $3, $4, $5)", [id, idx, idx * 1000, idx * 1000 + 900, text]);
    await sql("select pg_notify('transcription_changed', $1)", [await userId(member.creds.email)]);
  };
  // Once it is waiting for changes (its first round sent the state).
  await expect.poll(() => stream.seen.text).toContain("event: state");
  await said(0, "While a viewer.");
  // Woken by the notification, or at the latest by the feed's 15-second fallback read.
  await expect.poll(() => stream.seen.text, { timeout: 20_000 }).toContain("While a viewer.");
  await remove(viewer.creds.email);
  await said(1, "After the removal.");
  await expect.poll(() => stream.seen.closed, { timeout: 5000 }).toBe(true);
  expect(stream.seen.text).not.toContain("After the removal.");
  expect((await viewer.client.get(`/api/recordings/${id}/events`)).status()).toBe(404);

  await remove(member.creds.email);
  const stop = await member.client.post(`/api/recordings/${id}/stop`, { headers: ORIGIN });
  expect([stop.status(), await stop.json()]).toEqual([404, { detail: "This transcription does not exist." }]);
  const chunk = await member.client.post(`/api/recordings/${id}/chunks?seq=0`, { headers: { ...ORIGIN, "content-type": "application/octet-stream" }, data: Buffer.alloc(8000) });
  expect(chunk.status()).toBe(404);
  const [row] = await sql<{ status: string }>("select status from transcriptions where id = $1", [id]);
  expect(row.status).toBe("recording");
});

test("uploads: tus concatenation and an unknown source are refused with 400 and a sentence", async ({ page, request }) => {
  const creds = await createUser(request);
  await logInViaApi(page, creds);
  const tus = { ...ORIGIN, "tus-resumable": "1.0.0", "upload-length": "1000" };
  const concat = await page.request.post("/api/uploads", { headers: { ...tus, "upload-concat": "partial" } });
  expect(concat.status()).toBe(400);
  expect(((await concat.json()) as { detail: string }).detail).toMatch(/^Uploads sent in parallel parts \(Upload-Concat\) are not supported\./);
  const final = await page.request.post("/api/uploads", { headers: { ...tus, "upload-concat": "final;/api/uploads/a /api/uploads/b" } });
  expect(final.status()).toBe(400);

  const SOURCE = { detail: 'The source must be "upload" or "recording".' };
  const metadata = `filename ${Buffer.from("jfk.wav").toString("base64")},source ${Buffer.from("foo").toString("base64")}`;
  const tusSource = await page.request.post("/api/uploads", { headers: { ...tus, "upload-metadata": metadata } });
  expect([tusSource.status(), await tusSource.json()]).toEqual([400, SOURCE]);
  const raw = await page.request.post("/api/transcriptions?filename=jfk.wav&source=foo", { headers: { ...ORIGIN, "content-type": "audio/wav" }, data: Buffer.alloc(1024) });
  expect([raw.status(), await raw.json()]).toEqual([400, SOURCE]);
  expect(await sql("select 1 from transcriptions t join users u on u.id = t.user_id where u.email = $1", [creds.email.toLowerCase()])).toEqual([]);
});

test("/shared runs under the nonce policy (no inline script allowed wholesale), and a share link still opens and plays", async ({ page, request, browser }) => {
  const creds = await createUser(request);
  const id = await seedJfkTranscript(creds.email, "Nonce JFK");
  await logInViaApi(page, creds);
  const link = await page.request.post(`/api/transcriptions/${id}/share-links`, { headers: ORIGIN, data: { allow_export: true, show_speakers: true, expires_in_days: null } });
  expect(link.status(), await link.text()).toBe(201);
  const url = ((await link.json()) as { url: string }).url;

  const guest = await (await browser.newContext()).newPage();
  const violations: string[] = [];
  guest.on("console", (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  const response = await guest.goto(url);
  const policy = response!.headers()["content-security-policy"];
  const scripts = /script-src ([^;]*)/.exec(policy)?.[1] ?? "";
  expect(scripts).toMatch(/'nonce-[^']+'/);
  expect(scripts).not.toContain("unsafe-inline");
  expect(response!.headers()["x-robots-tag"]).toContain("noindex");
  // A fresh nonce per answer.
  const again = (await request.get("/shared")).headers()["content-security-policy"];
  expect(/'nonce-([^']+)'/.exec(again)?.[1]).not.toBe(/'nonce-([^']+)'/.exec(policy)?.[1]);

  await expect(guest.getByTestId("shared-title")).toHaveText("Nonce JFK");
  await expect(guest.getByTestId("transcript")).toContainText("ask not what your country can do for you");
  await guest.getByRole("button", { name: "Play", exact: true }).click();
  await expect.poll(() => guest.getByTestId("audio").evaluate((a: HTMLAudioElement) => a.currentTime)).toBeGreaterThan(0.2);
  expect(violations).toEqual([]);
  await guest.context().close();
});
