import type { APIRequestContext, APIResponse } from "@playwright/test";
import { createUser, expect, logInViaApi, ORIGIN, test } from "./support/fixtures";
import { seedTeamWorkspace } from "./support/teams";

/**
 * Issue 41 §3: what the Developers page and the dashboard do — webhooks, their deliveries,
 * folders, filing, share links — a script does with a write key of the space, and nothing of
 * another space. A read key reads (folders, options) and is refused every change.
 */

const READ_ONLY = "This API key can only read.";
const KEY_STAYS = "An API key works in the space it was made for: it can file transcriptions in that space's folders, not move them to another space.";

async function expectAnswer(res: APIResponse, status: number, detail?: string) {
  expect(res.status(), await res.text()).toBe(status);
  if (detail) expect((await res.json()).detail).toBe(detail);
}

test("a workspace's write key manages its webhooks, folders and share links; a read key only reads; a personal key reaches none of them", async ({ page, request, playwright, baseURL }) => {
  const owner = await createUser(request, { name: "Olivia Owner" });
  const t = await seedTeamWorkspace(owner);
  await logInViaApi(page, owner);
  const keyOf = async (scope: "read" | "write"): Promise<APIRequestContext> => {
    const made = await page.request.post("/api/api-keys", { headers: ORIGIN, data: { name: `Script ${scope}`, scope } });
    expect(made.status(), await made.text()).toBe(201);
    const { token } = (await made.json()) as { token: string };
    return playwright.request.newContext({ baseURL, extraHTTPHeaders: { authorization: `Bearer ${token}` } });
  };
  const personal = await keyOf("write");
  const active = await page.request.post("/api/auth/organization/set-active", { headers: ORIGIN, data: { organizationId: t.workspaceId } });
  expect(active.status()).toBe(200);
  const script = await keyOf("write");
  const reader = await keyOf("read");

  try {
    // Webhooks: create, list, change, rotate the secret, read the (empty) log, delete.
    const created = await script.post("/api/webhook-endpoints", { data: { url: "http://127.0.0.1:9/hooks" } });
    await expectAnswer(created, 201);
    const hook = (await created.json()) as { id: string; secret: string; workspace_id: string; events: string[] };
    expect(hook).toMatchObject({ workspace_id: t.workspaceId, events: ["transcription.done", "transcription.failed"] });
    const listed = (await (await script.get("/api/webhook-endpoints")).json()) as { webhooks: Array<{ id: string }> };
    expect(listed.webhooks.map((w) => w.id)).toEqual([hook.id]);
    const changed = await script.patch(`/api/webhook-endpoints/${hook.id}`, { data: { events: ["transcription.failed"] } });
    await expectAnswer(changed, 200);
    expect((await changed.json()).events).toEqual(["transcription.failed"]);
    await expectAnswer(await script.patch(`/api/webhook-endpoints/${hook.id}`, { data: {} }), 422, 'Give the webhook\'s new "url", its "events", or both.');
    await expectAnswer(await script.patch(`/api/webhook-endpoints/${hook.id}`, { data: { url: "ftp://example.com" } }), 422);
    const rotated = await script.post(`/api/webhook-endpoints/${hook.id}/rotate-secret`);
    await expectAnswer(rotated, 200);
    const secret = ((await rotated.json()) as { secret: string }).secret;
    expect(secret).toMatch(/^whsec_/);
    expect(secret).not.toBe(hook.secret);
    expect((await (await script.get(`/api/webhook-endpoints/${hook.id}/deliveries`)).json())).toEqual({ deliveries: [] });

    // The same user's personal key does not reach the workspace's webhook, folder or transcript.
    await expectAnswer(await personal.get(`/api/webhook-endpoints/${hook.id}/deliveries`), 404, "This webhook does not exist.");
    await expectAnswer(await personal.post(`/api/webhook-endpoints/${hook.id}/rotate-secret`), 404, "This webhook does not exist.");
    expect(((await (await personal.get("/api/webhook-endpoints")).json()) as { webhooks: unknown[] }).webhooks).toEqual([]);

    // A read key reads folders and the options, and changes nothing.
    await expectAnswer(await reader.get("/api/folders"), 200);
    await expectAnswer(await reader.get("/api/transcription/options"), 200);
    await expectAnswer(await reader.get("/api/webhook-endpoints"), 403, READ_ONLY);
    await expectAnswer(await reader.post("/api/folders", { data: { name: "Nope" } }), 403, READ_ONLY);
    await expectAnswer(await reader.post(`/api/transcriptions/${t.done}/share-links`, { data: {} }), 403, READ_ONLY);

    // Folders: make, rename, file a transcription in it, delete (it is unfiled).
    const folder = await script.post("/api/folders", { data: { name: "From the script" } });
    await expectAnswer(folder, 201);
    const folderId = ((await folder.json()) as { folder: { id: string } }).folder.id;
    await expectAnswer(await personal.patch(`/api/folders/${folderId}`, { data: { name: "Not mine to name" } }), 404);
    await expectAnswer(await script.patch(`/api/folders/${folderId}`, { data: { name: "Scripted" } }), 200);
    const filed = await script.patch(`/api/transcriptions/${t.done}/location`, { data: { workspace_id: t.workspaceId, folder_id: folderId } });
    await expectAnswer(filed, 200);
    expect((await filed.json()).folder_id).toBe(folderId);
    await expectAnswer(await script.patch(`/api/transcriptions/${t.done}/location`, { data: { workspace_id: null, folder_id: null } }), 403, KEY_STAYS);
    await expectAnswer(await script.delete(`/api/folders/${folderId}`), 200);

    // Share links: make one, list it, revoke it.
    const link = await script.post(`/api/transcriptions/${t.done}/share-links`, { data: { allow_export: false, show_speakers: true, expires_in_days: 7 } });
    await expectAnswer(link, 201);
    const made = (await link.json()) as { id: string; url: string };
    expect(made.url).toMatch(/\/shared#[\w-]{43}$/);
    await expectAnswer(await personal.post(`/api/transcriptions/${t.done}/share-links`, { data: {} }), 404);
    const links = (await (await script.get(`/api/transcriptions/${t.done}/share-links`)).json()) as { links: Array<{ id: string }> };
    expect(links.links.map((l) => l.id)).toEqual([made.id]);
    await expectAnswer(await personal.delete(`/api/share-links/${made.id}`), 404);
    await expectAnswer(await script.delete(`/api/share-links/${made.id}`), 200);

    // Uploads and renames stay in the key's space: the personal key's resumable and direct
    // uploads are not found with the workspace's key, nor the workspace's transcript with the personal one.
    const tus = { "tus-resumable": "1.0.0" };
    const started = await personal.post("/api/uploads", {
      headers: { ...tus, "upload-length": "1000", "upload-metadata": `filename ${Buffer.from("mine.wav").toString("base64")}` },
    });
    await expectAnswer(started, 201);
    const uploadPath = new URL(started.headers().location!, baseURL).pathname;
    await expectAnswer(await script.head(uploadPath, { headers: tus }), 404);
    await expectAnswer(await script.patch(uploadPath, { headers: { ...tus, "upload-offset": "0", "content-type": "application/offset+octet-stream" }, data: Buffer.alloc(10) }), 404, "There is no such upload.");
    await expectAnswer(await personal.head(uploadPath, { headers: tus }), 200);
    await expectAnswer(await personal.delete(uploadPath, { headers: tus }), 204);
    const direct = await personal.post("/api/direct-uploads", { data: { filename: "mine.wav", size: 1000 } });
    await expectAnswer(direct, 201);
    const directId = ((await direct.json()) as { id: string }).id;
    await expectAnswer(await script.get(`/api/direct-uploads/${directId}`), 404);
    await expectAnswer(await script.post(`/api/direct-uploads/${directId}/complete`), 404);
    await expectAnswer(await personal.delete(`/api/direct-uploads/${directId}`), 200);
    await expectAnswer(await personal.patch(`/api/transcriptions/${t.done}`, { data: { title: "Not in my key's space" } }), 404);
    await expectAnswer(await reader.patch(`/api/transcriptions/${t.done}`, { data: { title: "Read only" } }), 403, READ_ONLY);
    const renamed = await script.patch(`/api/transcriptions/${t.done}`, { data: { title: "Renamed by the script" } });
    await expectAnswer(renamed, 200);
    expect((await renamed.json()).title).toBe("Renamed by the script");
    await expectAnswer(await script.post(`/api/transcriptions/${t.done}/cancel`), 409, "Only a recording, or a queued or running transcription, can be canceled.");

    await expectAnswer(await script.delete(`/api/webhook-endpoints/${hook.id}`), 204);
  } finally {
    await Promise.all([personal.dispose(), script.dispose(), reader.dispose()]);
  }
});

test("upload parameters a script gets wrong are refused with a sentence that says what is wrong", async ({ page, request, playwright, baseURL }) => {
  const creds = await createUser(request);
  await logInViaApi(page, creds);
  const made = await page.request.post("/api/api-keys", { headers: ORIGIN, data: { name: "Typos", scope: "write" } });
  const { token } = (await made.json()) as { token: string };
  const script = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { authorization: `Bearer ${token}`, "content-type": "audio/wav" } });
  try {
    const post = (query: string) => script.post(`/api/transcriptions?${query}`, { data: Buffer.alloc(64) });
    await expectAnswer(
      await post("filename=a.wav&language=english"),
      400,
      '"english" is not a language code. Use a code such as "en" (English) or "de" (German); GET /api/transcription/options lists the languages your plan includes.',
    );
    await expectAnswer(await post("filename=a.wav&source=foo"), 400, 'The source must be "upload" or "recording".');
    await expectAnswer(await post("language=en"), 400, "The file has no name. Send its name with its extension, such as interview.mp3.");
  } finally {
    await script.dispose();
  }
});
