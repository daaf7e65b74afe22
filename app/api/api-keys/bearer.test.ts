import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { createApiKey, revokeApiKey } from "@/lib/api-keys/keys";
import { API_KEY_RATE_LIMIT } from "@/lib/api-keys/rate-limit";
import type { Database } from "@/lib/db/client";
import { rateLimits, transcriptions, workspaceMembers, workspaces, type User } from "@/lib/db/schema";
import { BACKENDS, useOpenedDatabase } from "@/test/support/databases";
import { useTestEnv } from "@/test/support/env";
import { insertDoneTranscription } from "@/test/support/transcripts";
import { insertUser } from "@/test/support/users";
import { route } from "@/lib/http/route";
import { endpoint } from "@/lib/api/endpoint";
import { DELETE as deleteOne, GET as getOne } from "../transcriptions/[id]/route";
import { GET as exportOne } from "../transcriptions/[id]/export/route";
import { GET as list, POST as upload } from "../transcriptions/route";
import { DELETE as revokeRoute } from "./[id]/route";
import { GET as listKeys, POST as createKey } from "./route";

// The session is Better Auth's (end-to-end tests cover it): here nobody is signed in unless a
// test says so, so every request below is authenticated by its Authorization header alone,
// as a script's would be. The routes read the test's database.
const current: { user: Partial<User> | null; space: string | null; database: Database | null } = { user: null, space: null, database: null };
jest.mock("@/lib/auth/session", () => ({ currentUser: async () => current.user, currentSpace: async () => current.space }));
jest.mock("@/lib/db/client", () => ({ ...jest.requireActual("@/lib/db/client"), db: () => current.database }));

type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

const JFK = path.resolve(__dirname, "../../../test/fixtures/audio/jfk.wav");

/** What `curl -X method -H "Authorization: …" URL` would get. */
async function curl(handler: Handler, method: string, url: string, { authorization, id = "", body, headers = {} }: { authorization?: string; id?: string; body?: BodyInit; headers?: Record<string, string> } = {}) {
  const res = await handler(
    new Request(`http://localhost:3000${url}`, { method, body, headers: { ...(authorization === undefined ? {} : { authorization }), ...headers } }),
    { params: Promise.resolve({ id }) },
  );
  const type = res.headers.get("content-type") ?? "";
  return { status: res.status, headers: res.headers, body: type.includes("json") ? ((await res.json()) as Record<string, unknown>) : await res.text() };
}

const bearer = (token: string) => `Bearer ${token}`;
const NOT_VALID = { detail: "This API key is not valid." };

describe.each(BACKENDS.slice(0, 1))("the REST API with API keys on %s", (_name, open) => {
  useTestEnv({ TRANSCRIBE_ENGINE: "sphinx" });
  const t = useOpenedDatabase(open);

  beforeAll(() => {
    current.database = t.db;
  });
  beforeEach(() => {
    current.user = null;
    current.space = null;
  });

  it("a write key lists, gets, exports and deletes its user's transcription", async () => {
    const userId = await insertUser(t.db);
    const id = await insertDoneTranscription(t.db, userId, [{ startMs: 0, endMs: 1500, text: "ask not what your country can do" }], "Speech");
    const { token } = await createApiKey(t.db, userId, null, { name: "Script", scope: "write" });
    const auth = bearer(token);

    const listed = await curl(list, "GET", "/api/transcriptions", { authorization: auth });
    expect(listed.status).toBe(200);
    expect((listed.body as { transcriptions: Array<{ id: string }> }).transcriptions.map((x) => x.id)).toEqual([id]);

    const got = await curl(getOne, "GET", `/api/transcriptions/${id}`, { authorization: auth, id });
    expect(got.status).toBe(200);
    expect(got.body).toMatchObject({ id, title: "Speech", segments: [{ text: "ask not what your country can do" }] });

    const exported = await curl(exportOne, "GET", `/api/transcriptions/${id}/export?format=txt`, { authorization: auth, id });
    expect(exported.status).toBe(200);
    expect(exported.body).toContain("ask not what your country can do");

    expect(await curl(deleteOne, "DELETE", `/api/transcriptions/${id}`, { authorization: auth, id })).toMatchObject({ status: 200, body: { ok: true } });
    expect((await curl(getOne, "GET", `/api/transcriptions/${id}`, { authorization: auth, id })).status).toBe(404);
  });

  it("a write key uploads a file sent whole; a read key is refused with 403 and a sentence", async () => {
    const userId = await insertUser(t.db);
    const write = await createApiKey(t.db, userId, null, { name: "Uploader", scope: "write" });
    const read = await createApiKey(t.db, userId, null, { name: "Reader", scope: "read" });
    const audio = await readFile(JFK);
    const send = (token: string) =>
      curl(upload, "POST", "/api/transcriptions?filename=jfk.wav", { authorization: bearer(token), body: audio, headers: { "content-type": "audio/wav", "content-length": String(audio.length) } });

    expect(await send(read.token)).toMatchObject({ status: 403, body: { detail: "This API key can only read." } });
    const sent = await send(write.token);
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({ original_filename: "jfk.wav" });
  });

  it("a read key reads but cannot delete (403); the transcription is still there", async () => {
    const userId = await insertUser(t.db);
    const id = await insertDoneTranscription(t.db, userId, [{ startMs: 0, endMs: 1000, text: "hello" }]);
    const { token } = await createApiKey(t.db, userId, null, { name: "Reader", scope: "read" });
    expect((await curl(getOne, "GET", `/api/transcriptions/${id}`, { authorization: bearer(token), id })).status).toBe(200);
    expect(await curl(deleteOne, "DELETE", `/api/transcriptions/${id}`, { authorization: bearer(token), id })).toMatchObject({
      status: 403,
      body: { detail: "This API key can only read." },
    });
    expect((await curl(getOne, "GET", `/api/transcriptions/${id}`, { authorization: bearer(token), id })).status).toBe(200);
  });

  it("a revoked key is refused at once with 401", async () => {
    const userId = await insertUser(t.db);
    const key = await createApiKey(t.db, userId, null, { name: "Old", scope: "write" });
    expect((await curl(list, "GET", "/api/transcriptions", { authorization: bearer(key.token) })).status).toBe(200);
    await revokeApiKey(t.db, userId, null, key.id);
    expect(await curl(list, "GET", "/api/transcriptions", { authorization: bearer(key.token) })).toMatchObject({ status: 401, body: NOT_VALID });
  });

  it("tells an answer that lasts whether its key still works: revoked, or its user signed out, it does not", async () => {
    const userId = await insertUser(t.db);
    const key = await createApiKey(t.db, userId, null, { name: "Watcher", scope: "read" });
    const checks: Array<() => Promise<boolean>> = [];
    const lasting = route(endpoint({ method: "GET", path: "/x" }), { auth: "user", apiKey: "read" }, async ({ stillSignedIn }) => {
      checks.push(stillSignedIn);
      return {};
    });
    expect((await curl(lasting, "GET", "/api/x", { authorization: bearer(key.token) })).status).toBe(200);
    current.user = { id: userId, email: `${userId}@example.com`, isActive: true };
    expect((await curl(lasting, "GET", "/api/x")).status).toBe(200);
    const [byKey, bySession] = checks;
    expect([await byKey!(), await bySession!()]).toEqual([true, true]);
    await revokeApiKey(t.db, userId, null, key.id);
    current.user = null;
    expect([await byKey!(), await bySession!()]).toEqual([false, false]);
  });

  it("another user's key finds nothing of this user's: 404 to get, export and delete, and an empty list", async () => {
    const owner = await insertUser(t.db);
    const id = await insertDoneTranscription(t.db, owner, [{ startMs: 0, endMs: 1000, text: "private" }]);
    const { token } = await createApiKey(t.db, await insertUser(t.db), null, { name: "Theirs", scope: "write" });
    const auth = bearer(token);
    expect((await curl(getOne, "GET", `/api/transcriptions/${id}`, { authorization: auth, id })).status).toBe(404);
    expect((await curl(exportOne, "GET", `/api/transcriptions/${id}/export?format=txt`, { authorization: auth, id })).status).toBe(404);
    expect((await curl(deleteOne, "DELETE", `/api/transcriptions/${id}`, { authorization: auth, id })).status).toBe(404);
    expect((await curl(list, "GET", "/api/transcriptions", { authorization: auth })).body).toEqual({ transcriptions: [] });
    expect((await curl(getOne, "GET", `/api/transcriptions/${id}`, { authorization: bearer((await createApiKey(t.db, owner, null, { name: "Own", scope: "read" })).token), id })).status).toBe(200);
  });

  it("answers every malformed or unknown Authorization header with 401 and one sentence, never 500", async () => {
    const userId = await insertUser(t.db);
    const { token } = await createApiKey(t.db, userId, null, { name: "Script", scope: "write" });
    // A signed-in browser sending a broken header is refused too: the header decides.
    current.user = { id: userId, email: `${userId}@example.com`, isActive: true };
    for (const authorization of [
      "",
      "Bearer",
      "Bearer ",
      "Bearer x",
      `Bearer  ${token}`,
      `Bearer ${token} extra`,
      `Basic ${Buffer.from(`user:${token}`).toString("base64")}`,
      token,
      `Token ${token}`,
      `Bearer ${token.slice(0, -1)}`,
      `Bearer ${"vbt_".padEnd(4000, "A")}`,
      "Bearer vbt_\u00e9\u00e9",
    ]) {
      const answer = await curl(list, "GET", "/api/transcriptions", { authorization });
      expect({ authorization: authorization.slice(0, 40), status: answer.status, body: answer.body }).toEqual({ authorization: authorization.slice(0, 40), status: 401, body: NOT_VALID });
    }
    // The scheme's name is case-insensitive (RFC 9110).
    expect((await curl(list, "GET", "/api/transcriptions", { authorization: `bearer ${token}` })).status).toBe(200);
  });

  it("a Bearer request from a script is not refused as cross-site; a cookie request from another site still is", async () => {
    const userId = await insertUser(t.db);
    const id = await insertDoneTranscription(t.db, userId, [{ startMs: 0, endMs: 1000, text: "x" }]);
    const other = await insertDoneTranscription(t.db, userId, [{ startMs: 0, endMs: 1000, text: "y" }]);
    const { token } = await createApiKey(t.db, userId, null, { name: "Script", scope: "write" });
    const foreign = { origin: "https://evil.example" };
    expect((await curl(deleteOne, "DELETE", `/api/transcriptions/${id}`, { authorization: bearer(token), id, headers: foreign })).status).toBe(200);
    current.user = { id: userId, email: `${userId}@example.com`, isActive: true };
    expect(await curl(deleteOne, "DELETE", `/api/transcriptions/${other}`, { id: other, headers: foreign })).toMatchObject({
      status: 403,
      body: { detail: "This request came from another website and was refused." },
    });
  });

  it("limits each key per minute: RateLimit headers on every answer, 429 with Retry-After and a sentence, other keys unaffected", async () => {
    const userId = await insertUser(t.db);
    const busy = await createApiKey(t.db, userId, null, { name: "Busy", scope: "read" });
    const calm = await createApiKey(t.db, userId, null, { name: "Calm", scope: "read" });
    // As if this minute's budget were almost spent (the counting itself is tested in lib/api-keys).
    await t.db
      .insert(rateLimits)
      .values({ id: busy.id, key: `api-key|${busy.id}`, count: API_KEY_RATE_LIMIT.max - 1, lastRequest: Date.now() });
    const last = await curl(list, "GET", "/api/transcriptions", { authorization: bearer(busy.token) });
    expect(last.status).toBe(200);
    // Every answer to a key says how much of the minute's budget is left.
    expect([last.headers.get("ratelimit-limit"), last.headers.get("ratelimit-remaining")]).toEqual(["120", "0"]);
    expect(Number(last.headers.get("ratelimit-reset"))).toBeGreaterThanOrEqual(1);
    const refused = await curl(list, "GET", "/api/transcriptions", { authorization: bearer(busy.token) });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("ratelimit-remaining")).toBe("0");
    const wait = Number(refused.headers.get("retry-after"));
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(60);
    expect(refused.body).toEqual({ detail: `Too many requests with this API key: at most 120 a minute. Try again in ${wait} second${wait === 1 ? "" : "s"}.` });
    expect((await curl(list, "GET", "/api/transcriptions", { authorization: bearer(calm.token) })).status).toBe(200);
    // A refused request counts too (hammering past the limit never opens a new window early).
    const [row] = await t.db.select().from(rateLimits).where(eq(rateLimits.key, `api-key|${busy.id}`));
    expect(row!.count).toBe(API_KEY_RATE_LIMIT.max + 1);
  });

  it("a workspace key lists its workspace's transcriptions while its maker is an admin; made a member, a viewer or gone, it is refused", async () => {
    const [owner, maker] = [await insertUser(t.db), await insertUser(t.db)];
    const space = randomUUID();
    await t.db.insert(workspaces).values({ id: space, name: "Team", slug: space });
    await t.db.insert(workspaceMembers).values([
      { id: randomUUID(), workspaceId: space, userId: owner, role: "owner" },
      { id: randomUUID(), workspaceId: space, userId: maker, role: "admin" },
    ]);
    const shared = await insertDoneTranscription(t.db, owner, [{ startMs: 0, endMs: 1000, text: "team notes" }], "Team call");
    await t.db.update(transcriptions).set({ workspaceId: space }).where(eq(transcriptions.id, shared));
    await insertDoneTranscription(t.db, maker, [{ startMs: 0, endMs: 1000, text: "mine" }], "Private memo");
    const { token } = await createApiKey(t.db, maker, space, { name: "Team sync", scope: "write" });
    const auth = bearer(token);
    const audio = await readFile(JFK);
    const send = () =>
      curl(upload, "POST", "/api/transcriptions?filename=jfk.wav", { authorization: auth, body: audio, headers: { "content-type": "audio/wav", "content-length": String(audio.length) } });

    const listed = await curl(list, "GET", "/api/transcriptions", { authorization: auth });
    expect((listed.body as { transcriptions: Array<{ title: string }> }).transcriptions.map((x) => x.title)).toEqual(["Team call"]);
    expect((await curl(getOne, "GET", `/api/transcriptions/${shared}`, { authorization: auth, id: shared })).status).toBe(200);

    // The review's case: demoted to member, the key still listed (200) and uploaded (201).
    const membership = and(eq(workspaceMembers.workspaceId, space), eq(workspaceMembers.userId, maker));
    for (const role of ["member", "viewer"] as const) {
      await t.db.update(workspaceMembers).set({ role }).where(membership);
      expect(await curl(list, "GET", "/api/transcriptions", { authorization: auth })).toMatchObject({ status: 401, body: NOT_VALID });
      expect(await send()).toMatchObject({ status: 401, body: NOT_VALID });
      expect(await curl(getOne, "GET", `/api/transcriptions/${shared}`, { authorization: auth, id: shared })).toMatchObject({ status: 401, body: NOT_VALID });
    }
    expect(await t.db.select({ id: transcriptions.id }).from(transcriptions).where(eq(transcriptions.workspaceId, space))).toEqual([{ id: shared }]);

    await t.db.delete(workspaceMembers).where(membership);
    expect(await curl(list, "GET", "/api/transcriptions", { authorization: auth })).toMatchObject({ status: 401, body: NOT_VALID });
    expect(await curl(getOne, "GET", `/api/transcriptions/${shared}`, { authorization: auth, id: shared })).toMatchObject({ status: 401, body: NOT_VALID });
  });

  it("keys are managed with the session only: a key cannot list, make or revoke keys", async () => {
    const userId = await insertUser(t.db);
    const key = await createApiKey(t.db, userId, null, { name: "Script", scope: "write" });
    const json = { "content-type": "application/json" };
    const notSignedIn = { status: 401, body: { detail: "You are not logged in." } };
    expect(await curl(listKeys, "GET", "/api/api-keys", { authorization: bearer(key.token) })).toMatchObject(notSignedIn);
    expect(await curl(createKey, "POST", "/api/api-keys", { authorization: bearer(key.token), headers: json, body: '{"name":"x","scope":"write"}' })).toMatchObject(notSignedIn);
    expect(await curl(revokeRoute, "DELETE", `/api/api-keys/${key.id}`, { authorization: bearer(key.token), id: key.id })).toMatchObject(notSignedIn);

    current.user = { id: userId, email: `${userId}@example.com`, isActive: true };
    const made = await curl(createKey, "POST", "/api/api-keys", { headers: json, body: '{"name":"  Zapier  ","scope":"read"}' });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ name: "Zapier", scope: "read", workspace_id: null, last_used_at: null });
    expect((made.body as { token: string }).token).toMatch(/^vbt_/);
    const listed = await curl(listKeys, "GET", "/api/api-keys");
    expect((listed.body as { api_keys: Array<{ name: string }> }).api_keys.map((k) => k.name)).toEqual(["Zapier", "Script"]);
    expect(JSON.stringify(listed.body)).not.toContain((made.body as { token: string }).token);
    for (const [body, detail] of [
      ['{"name":"","scope":"read"}', "Give the key a name."],
      ['{"scope":"read"}', "Give the key a name."],
      [`{"name":"${"x".repeat(61)}","scope":"read"}`, "The key's name must be 60 characters or fewer."],
      ['{"name":"x","scope":"admin"}', 'Choose a scope: "read" or "write".'],
      ['{"name":"x"}', 'Choose a scope: "read" or "write".'],
    ]) {
      expect({ body, answer: await curl(createKey, "POST", "/api/api-keys", { headers: json, body }) }).toMatchObject({ body, answer: { status: 422, body: { detail } } });
    }
    expect(await curl(revokeRoute, "DELETE", `/api/api-keys/${key.id}`, { id: key.id })).toMatchObject({ status: 200, body: { ok: true } });
    expect(await curl(revokeRoute, "DELETE", `/api/api-keys/${key.id}`, { id: key.id })).toMatchObject({ status: 404, body: { detail: "This API key does not exist." } });
    expect((await curl(list, "GET", "/api/transcriptions", { authorization: bearer(key.token) })).status).toBe(401);
  });

  it("a session in a workspace makes and lists that workspace's keys, as its admin; a member is refused", async () => {
    const [admin, member] = [await insertUser(t.db), await insertUser(t.db)];
    const space = randomUUID();
    await t.db.insert(workspaces).values({ id: space, name: "Team", slug: space });
    await t.db.insert(workspaceMembers).values([
      { id: randomUUID(), workspaceId: space, userId: admin, role: "admin" },
      { id: randomUUID(), workspaceId: space, userId: member, role: "member" },
    ]);
    const json = { "content-type": "application/json", cookie: "session" };
    current.space = space;
    current.user = { id: admin, email: `${admin}@example.com`, isActive: true };
    const made = await curl(createKey, "POST", "/api/api-keys", { headers: json, body: '{"name":"Team sync","scope":"write"}' });
    expect(made).toMatchObject({ status: 201, body: { name: "Team sync", workspace_id: space } });
    expect((await curl(listKeys, "GET", "/api/api-keys", { headers: json })).body).toMatchObject({ api_keys: [{ name: "Team sync" }] });

    current.user = { id: member, email: `${member}@example.com`, isActive: true };
    const refused = { status: 403, body: { detail: "Only the workspace's owner and admins can do this." } };
    expect(await curl(listKeys, "GET", "/api/api-keys", { headers: json })).toMatchObject(refused);
    expect(await curl(createKey, "POST", "/api/api-keys", { headers: json, body: '{"name":"Mine","scope":"read"}' })).toMatchObject(refused);
    const id = (made.body as { id: string }).id;
    expect(await curl(revokeRoute, "DELETE", `/api/api-keys/${id}`, { id, headers: json })).toMatchObject(refused);
  });
});
