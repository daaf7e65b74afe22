import { mkdtemp, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Database } from "@/lib/db/client";
import type { User } from "@/lib/db/schema";
import { NORMALISED, audioStore } from "@/lib/storage/audio-store";
import { renameTranscription } from "@/lib/transcription/queries";
import { BACKENDS, useOpenedDatabase } from "@/test/support/databases";
import { useTestEnv } from "@/test/support/env";
import { insertDoneTranscription } from "@/test/support/transcripts";
import { insertUser } from "@/test/support/users";
import { DELETE as revoke } from "../../share-links/[id]/route";
import { GET as listLinks, POST as createLink } from "../../transcriptions/[id]/share-links/route";
import { GET as audio } from "./audio/route";
import { GET as exportFile } from "./export/route";
import { GET as view } from "./route";

// The session is Better Auth's (end-to-end tests cover it); here only who it returns matters,
// and the routes read the test's database. The public routes read no session at all.
const current: { user: Partial<User> | null; database: Database | null } = { user: null, database: null };
jest.mock("@/lib/auth/session", () => ({ currentUser: async () => current.user }));
jest.mock("@/lib/db/client", () => ({ ...jest.requireActual("@/lib/db/client"), db: () => current.database }));

type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

const APP_URL = "http://localhost:3000";
const AUDIO = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 256));

function call(handler: Handler, pathname: string, params: Record<string, string>, init: RequestInit = {}) {
  return handler(new Request(`${APP_URL}${pathname}`, init), { params: Promise.resolve(params) });
}

const as = (userId: string | null) => {
  current.user = userId ? { id: userId, email: `${userId}@example.com`, isActive: true } : null;
};

function expectUnlisted(res: Response) {
  expect(res.headers.get("x-robots-tag")).toBe("noindex, nofollow");
  expect(res.headers.get("referrer-policy")).toBe("no-referrer");
  expect(res.headers.get("cache-control")).toBe("private, no-store");
}

/** A finished transcript with its normalised audio in the store, shared by its owner through the API. */
async function sharedByOwner(db: Database, body: Record<string, unknown> = {}) {
  const owner = await insertUser(db);
  const id = await insertDoneTranscription(db, owner, [{ startMs: 0, endMs: 1000, text: "Hello from the shared call.", speaker: "Ann" }], "Shared call");
  const file = path.join(await mkdtemp(path.join(os.tmpdir(), "verbatim-shared-")), NORMALISED);
  await writeFile(file, AUDIO);
  await audioStore().putFile(`${owner}/${id}/${NORMALISED}`, file, "audio/wav");
  as(owner);
  const res = await call(createLink, `/api/transcriptions/${id}/share-links`, { id }, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  expect(res.status).toBe(201);
  const link = (await res.json()) as { id: string; url: string; allow_export: boolean; show_speakers: boolean };
  as(null);
  return { owner, id, link, token: link.url.split("#")[1] };
}

describe.each(BACKENDS.slice(0, 1))("the share-link routes on %s", (_name, open) => {
  useTestEnv({ BETTER_AUTH_SECRET: "a-test-secret-of-enough-length-for-hmac-0123456789", APP_URL });
  const t = useOpenedDatabase(open);

  beforeAll(() => {
    current.database = t.db;
  });

  it("the owner makes a link (defaults: exports and speakers on, no expiry) and lists it with its address to copy again", async () => {
    const { owner, id, link, token } = await sharedByOwner(t.db);
    expect(link).toMatchObject({ allow_export: true, show_speakers: true, expires_at: null, expired: false, last_opened_at: null });
    expect(link.url).toBe(`${APP_URL}/shared#${token}`);
    as(owner);
    const listed = await call(listLinks, `/api/transcriptions/${id}/share-links`, { id });
    expect(await listed.json()).toEqual({ links: [link] });
  });

  it("refuses bad options with a sentence, and a signed-out caller with 401", async () => {
    const owner = await insertUser(t.db);
    const id = await insertDoneTranscription(t.db, owner, [{ startMs: 0, endMs: 1000, text: "Hi." }]);
    as(owner);
    const refusals: Array<[Record<string, unknown>, string]> = [
      [{ expires_in_days: 3 }, "Choose when the link expires: in 1, 7, 30, 90 days, or null for never."],
      [{ expires_in_days: "7" }, "Choose when the link expires: in 1, 7, 30, 90 days, or null for never."],
      [{ allow_export: "yes" }, "allow_export must be true or false."],
      [{ show_speakers: 1 }, "show_speakers must be true or false."],
    ];
    for (const [body, sentence] of refusals) {
      const res = await call(createLink, `/api/transcriptions/${id}/share-links`, { id }, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
      expect(res.status).toBe(422);
      expect(((await res.json()) as { detail: string }).detail).toContain(sentence);
    }
    const notJson = await call(createLink, `/api/transcriptions/${id}/share-links`, { id }, { method: "POST", headers: { "content-type": "application/json" }, body: "{" });
    expect(notJson.status).toBe(400);
    const week = await call(createLink, `/api/transcriptions/${id}/share-links`, { id }, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ expires_in_days: 7, allow_export: false }) });
    expect(await week.json()).toMatchObject({ allow_export: false, expires_at: expect.any(String) });
    as(null);
    expect((await call(listLinks, `/api/transcriptions/${id}/share-links`, { id })).status).toBe(401);
  });

  it("a stranger with no account opens the transcript, with unlisted headers, and the link notes it was opened", async () => {
    const { owner, id, token } = await sharedByOwner(t.db);
    const res = await call(view, `/api/shared/${token}`, { token });
    expect(res.status).toBe(200);
    expectUnlisted(res);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ title: "Shared call", segments: [{ text: "Hello from the shared call.", speaker: "Ann" }], speakers: ["Ann"], export_formats: ["txt", "srt", "vtt"] });
    expect(JSON.stringify(body)).not.toContain(owner);
    expect(JSON.stringify(body)).not.toContain(id);
    as(owner);
    const [listed] = ((await (await call(listLinks, `/api/transcriptions/${id}/share-links`, { id })).json()) as { links: Array<{ last_opened_at: string | null }> }).links;
    expect(listed.last_opened_at).not.toBeNull();
  });

  it("tags the view with its version: the same ETag answers 304 without a body, a renamed transcript a new one, a revoked link 404", async () => {
    const { owner, id, link, token } = await sharedByOwner(t.db);
    const first = await call(view, `/api/shared/${token}`, { token });
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    expect(etag).not.toContain(id);
    const again = await call(view, `/api/shared/${token}`, { token }, { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    expectUnlisted(again);

    await renameTranscription(t.db, owner, id, "Renamed call");
    const renamed = await call(view, `/api/shared/${token}`, { token }, { headers: { "if-none-match": etag } });
    expect(renamed.status).toBe(200);
    expect(renamed.headers.get("etag")).not.toBe(etag);
    expect(await renamed.json()).toMatchObject({ title: "Renamed call" });

    as(owner);
    expect((await call(revoke, `/api/share-links/${link.id}`, { id: link.id }, { method: "DELETE", headers: { origin: APP_URL } })).status).toBe(200);
    as(null);
    expect((await call(view, `/api/shared/${token}`, { token }, { headers: { "if-none-match": renamed.headers.get("etag")! } })).status).toBe(404);
  });

  it("sends the view as plain JSON whatever the client accepts (Next.js compresses it on the way), the same ETag for all", async () => {
    const { token } = await sharedByOwner(t.db);
    const answers = await Promise.all(["identity", "gzip, deflate, br", "*"].map((accept) => call(view, `/api/shared/${token}`, { token }, { headers: { "accept-encoding": accept } })));
    const texts = await Promise.all(answers.map((a) => a.text()));
    for (const answer of answers) expect(answer.headers.get("content-encoding")).toBeNull();
    expect(new Set(answers.map((a) => a.headers.get("etag"))).size).toBe(1);
    expect(new Set(texts).size).toBe(1);
    expect(JSON.parse(texts[0])).toMatchObject({ title: "Shared call" });
  });

  it("answers a malformed or unknown token 404 with the same sentence and the same headers, on every public route", async () => {
    for (const token of ["nope", "x".repeat(200), "%00", `${"a".repeat(42)}!`, "A".repeat(43)]) {
      for (const handler of [view, audio, exportFile]) {
        const res = await call(handler, `/api/shared/${encodeURIComponent(token)}/x?format=txt`, { token });
        expect(res.status).toBe(404);
        expectUnlisted(res);
        expect(await res.json()).toEqual({ detail: "This link has expired or was revoked." });
      }
    }
  });

  it("serves the audio whole and by ranges", async () => {
    const { token } = await sharedByOwner(t.db);
    const whole = await call(audio, `/api/shared/${token}/audio`, { token });
    expect(whole.status).toBe(200);
    expectUnlisted(whole);
    expect(whole.headers.get("accept-ranges")).toBe("bytes");
    expect(Buffer.from(await whole.arrayBuffer())).toEqual(AUDIO);

    const part = await call(audio, `/api/shared/${token}/audio`, { token }, { headers: { range: "bytes=100-199" } });
    expect(part.status).toBe(206);
    expectUnlisted(part);
    expect(part.headers.get("content-range")).toBe(`bytes 100-199/${AUDIO.length}`);
    expect(Buffer.from(await part.arrayBuffer())).toEqual(AUDIO.subarray(100, 200));

    const tail = await call(audio, `/api/shared/${token}/audio`, { token }, { headers: { range: "bytes=-10" } });
    expect(Buffer.from(await tail.arrayBuffer())).toEqual(AUDIO.subarray(AUDIO.length - 10));
    expect((await call(audio, `/api/shared/${token}/audio`, { token }, { headers: { range: "bytes=5000-" } })).status).toBe(416);
  });

  it("exports as the owner's plan allows when the link allows it; refuses with a sentence otherwise", async () => {
    const { token } = await sharedByOwner(t.db);
    const txt = await call(exportFile, `/api/shared/${token}/export?format=txt&timestamps=1`, { token });
    expect(txt.status).toBe(200);
    expectUnlisted(txt);
    expect(txt.headers.get("content-disposition")).toContain("attachment");
    expect(await txt.text()).toContain("Ann: Hello from the shared call.");
    const pdf = await call(exportFile, `/api/shared/${token}/export?format=pdf`, { token });
    expect(pdf.status).toBe(403);
    expect(await pdf.json()).toEqual({ detail: "This link does not offer that format." });
    const unknown = await call(exportFile, `/api/shared/${token}/export?format=exe`, { token });
    expect(unknown.status).toBe(400);

    const off = await sharedByOwner(t.db, { allow_export: false, show_speakers: false });
    const refused = await call(exportFile, `/api/shared/${off.token}/export?format=txt`, { token: off.token });
    expect(refused.status).toBe(403);
    expectUnlisted(refused);
    expect(await refused.json()).toEqual({ detail: "Exports are turned off for this link." });
    const hidden = (await (await call(view, `/api/shared/${off.token}`, { token: off.token })).json()) as Record<string, unknown>;
    expect(hidden).toMatchObject({ allow_export: false, export_formats: [] });
    expect(hidden).not.toHaveProperty("speakers");
    expect(JSON.stringify(hidden)).not.toContain("Ann");
  });

  it("after DELETE /api/share-links/{id} the link is 404 on every public route at once; another user cannot revoke it", async () => {
    const { owner, link, token } = await sharedByOwner(t.db);
    as(await insertUser(t.db));
    expect((await call(revoke, `/api/share-links/${link.id}`, { id: link.id }, { method: "DELETE" })).status).toBe(404);
    expect((await call(view, `/api/shared/${token}`, { token })).status).toBe(200);
    as(owner);
    const res = await call(revoke, `/api/share-links/${link.id}`, { id: link.id }, { method: "DELETE" });
    expect(await res.json()).toEqual({ ok: true });
    as(null);
    for (const handler of [view, audio, exportFile]) {
      const gone = await call(handler, `/api/shared/${token}?format=txt`, { token });
      expect(gone.status).toBe(404);
      expectUnlisted(gone);
    }
  });
});
