import type { APIRequestContext } from "@playwright/test";
import { ORIGIN, createUser, expect, sql, test } from "./support/fixtures";
import { storedKeys } from "./support/storage";
import { jfkWav } from "./support/audio";

async function signedInUser(request: APIRequestContext) {
  const creds = await createUser(request);
  await request.post("/api/auth/sign-in/email", { data: creds, headers: ORIGIN });
  const [{ id }] = await sql<{ id: string }>("select id from users where email = $1", [creds.email]);
  return { ...creds, id };
}

function upload(request: APIRequestContext, body: Buffer, filename: string, contentType = "audio/wav", extra = "") {
  return request.post(`/api/transcriptions?filename=${encodeURIComponent(filename)}${extra}`, {
    data: body,
    headers: { ...ORIGIN, "content-type": contentType },
  });
}

/** Nothing of a refused upload survives: no row, no file. */
async function expectNothingLeft(userId: string) {
  expect(await sql("select id from transcriptions where user_id = $1", [userId])).toHaveLength(0);
  expect(await storedKeys(userId)).toEqual([]);
}

test.describe("bad uploads get a clear 4xx and leave nothing behind", () => {
  const cases: Array<[string, () => Buffer, string, string, number, RegExp]> = [
    ["non-audio", () => Buffer.from("%PDF-1.7 this is a document, not audio"), "report.pdf", "application/pdf", 415, /not audio we can read/],
    ["a text file claiming to be mp3", () => Buffer.from("hello world ".repeat(100)), "song.mp3", "audio/mpeg", 415, /not audio we can read/],
    ["empty", () => Buffer.alloc(0), "empty.wav", "audio/wav", 400, /The file is empty\./],
    ["truncated", () => jfkWav().subarray(0, 100_000), "cut.wav", "audio/wav", 422, /cut off or damaged/],
    ["a path-traversal filename", () => jfkWav(), "../../etc/passwd.wav", "audio/wav", 400, /plain name, without folders/],
  ];
  for (const [label, body, name, type, status, detail] of cases) {
    test(label, async ({ request }) => {
      const user = await signedInUser(request);
      const res = await upload(request, body(), name, type);
      expect(res.status(), await res.text()).toBe(status);
      expect((await res.json()).detail).toMatch(detail);
      await expectNothingLeft(user.id);
    });
  }

  test("oversize (max_upload_mb) → 413", async ({ request }) => {
    const user = await signedInUser(request);
    await sql("update settings set value = '1' where key = 'max_upload_mb'");
    try {
      const res = await upload(request, Buffer.concat([jfkWav(), Buffer.alloc(1024 * 1024)]), "big.wav");
      expect(res.status()).toBe(413);
      expect((await res.json()).detail).toBe("The file is larger than the 1 MB limit. Upload a smaller or shorter file.");
    } finally {
      await sql("update settings set value = '2048' where key = 'max_upload_mb'");
    }
    await expectNothingLeft(user.id);
  });

  test("a lying content type does not matter: the content decides", async ({ request }) => {
    await signedInUser(request);
    const res = await upload(request, jfkWav(), "jfk.wav", "image/png");
    expect(res.status()).toBe(201);
    expect((await res.json()).duration_s).toBeCloseTo(11, 0);
  });

  test("a language outside the plan is refused with an upgrade hint", async ({ request }) => {
    const user = await signedInUser(request);
    const res = await upload(request, jfkWav(), "jfk.wav", "audio/wav", "&language=sw");
    expect(res.status()).toBe(403);
    expect((await res.json()).detail).toBe("Your Free plan does not include this language. Upgrade for more languages.");
    await expectNothingLeft(user.id);
  });
});

// Five at once: the most uploads one account may have open (more are refused with 409 first).
test("5 parallel uploads against a small remaining quota never exceed it", async ({ request }) => {
  const user = await signedInUser(request);
  const options = await (await request.get("/api/transcription/options")).json();
  const limit: number = options.usage.limit_s;
  // 30 s left: room for two 11-second clips, not three.
  await sql(
    "insert into usage (user_id, period_start, seconds_used) values ($1, $2, $3)",
    [user.id, new Date(Date.now() - 1000).toISOString().slice(0, 8) + "01T00:00:00Z", limit - 30],
  );
  const responses = await Promise.all(Array.from({ length: 5 }, (_, i) => upload(request, jfkWav(), `clip-${i}.wav`)));
  const statuses = responses.map((r) => r.status());
  expect(statuses.filter((s) => s === 201)).toHaveLength(2);
  expect(statuses.filter((s) => s === 403)).toHaveLength(3);
  const refused = await responses.find((r) => r.status() === 403)!.json();
  // Read in the transaction that refused it: exactly what is left after the two accepted.
  expect(refused.detail).toBe("This recording is 0:11 long, but your Free plan has 0:08 left this period. Upgrade your plan or upload a shorter file.");
  const [{ used }] = await sql<{ used: number }>("select seconds_used as used from usage where user_id = $1", [user.id]);
  expect(used).toBeLessThanOrEqual(limit);
  expect(used).toBe(limit - 30 + 22);
});

test("another user's transcription answers 404 everywhere", async ({ request, playwright }) => {
  await signedInUser(request);
  const created = await (await upload(request, jfkWav(), "mine.wav")).json();
  const other = await playwright.request.newContext({ baseURL: "http://127.0.0.1:3100", extraHTTPHeaders: { "x-forwarded-for": "10.99.1.1" } });
  await signedInUser(other);
  for (const [method, suffix] of [["get", ""], ["get", "/audio"], ["delete", ""], ["post", "/cancel"]] as const) {
    const res = await other[method](`/api/transcriptions/${created.id}${suffix}`, { headers: ORIGIN });
    expect(res.status(), `${method} ${suffix}`).toBe(404);
  }
  const rename = await other.patch(`/api/transcriptions/${created.id}`, { data: { title: "stolen" }, headers: ORIGIN });
  expect(rename.status()).toBe(404);
  const list = await (await other.get("/api/transcriptions")).json();
  expect(list.transcriptions).toEqual([]);
  expect((await request.get(`/api/transcriptions/${created.id}`)).status()).toBe(200);
  await other.dispose();
});

test("rename validates its body; delete removes the audio and the transcript", async ({ request }) => {
  // The normalised copy waits for a worker, which in CI is busy with the other specs' jobs.
  test.setTimeout(150_000);
  const user = await signedInUser(request);
  const created = await (await upload(request, jfkWav(), "speech.wav")).json();
  const bad = await request.patch(`/api/transcriptions/${created.id}`, { data: Buffer.from("{oops"), headers: { ...ORIGIN, "content-type": "application/json" } });
  expect(bad.status()).toBe(400);
  const empty = await request.patch(`/api/transcriptions/${created.id}`, { data: { title: "  " }, headers: ORIGIN });
  expect(empty.status()).toBe(422);
  expect((await empty.json()).detail).toBe("Enter a title.");
  const renamed = await request.patch(`/api/transcriptions/${created.id}`, { data: { title: "Inaugural address" }, headers: ORIGIN });
  expect((await renamed.json()).title).toBe("Inaugural address");

  const prefix = `${user.id}/${created.id}`;
  // The original is stored on upload; a worker adds the normalised copy.
  await expect.poll(async () => (await storedKeys(prefix)).sort(), { timeout: 120_000 }).toEqual([`${prefix}/normalised.wav`, `${prefix}/original`]);
  // Deleted, it is gone from every read but kept with its audio in Recently deleted; deleted for good, nothing is left.
  expect((await request.delete(`/api/transcriptions/${created.id}`, { headers: ORIGIN })).status()).toBe(200);
  expect((await request.get(`/api/transcriptions/${created.id}`)).status()).toBe(404);
  expect((await storedKeys(prefix)).sort()).toEqual([`${prefix}/normalised.wav`, `${prefix}/original`]);
  expect((await request.delete(`/api/transcriptions/${created.id}?permanent=1`, { headers: ORIGIN })).status()).toBe(200);
  expect(await storedKeys(prefix)).toEqual([]);
  expect(await sql("select id from transcriptions where id = $1", [created.id])).toHaveLength(0);
  expect((await request.get(`/api/transcriptions/${created.id}`)).status()).toBe(404);
});
