import { execFileSync } from "node:child_process";
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import type { APIRequestContext, APIResponse } from "@playwright/test";
import { clientFor, createOperator, userIdOf } from "./support/admin";
import { ORIGIN, createUser, expect, linkIn, logInViaApi, sql, test, uniqueEmail, waitForMail } from "./support/fixtures";
import { APP_URL, EMBEDDED_URL, STACK_API } from "./support/stack-config";
import { seedJfkTranscript } from "./support/transcripts";

/** Each attack from the security review, as an attacker would run it. */

const EVIL = { origin: "http://evil.example" };
const detail = async (res: APIResponse) => ((await res.json()) as { detail: string }).detail;

async function signedIn(request: APIRequestContext) {
  const creds = await createUser(request);
  expect((await request.post("/api/auth/sign-in/email", { data: creds, headers: ORIGIN })).status()).toBe(200);
  return { ...creds, id: await userIdOf(creds.email) };
}

async function logInViaApiContext(client: APIRequestContext, creds: { email: string; password: string }) {
  expect((await client.post("/api/auth/sign-in/email", { data: creds })).status()).toBe(200);
}

/** ffmpeg/ffprobe processes still working on this user's files. */
function mediaProcessesOf(userId: string): string[] {
  try {
    return execFileSync("pgrep", ["-af", "ffmpeg|ffprobe"], { encoding: "utf8" })
      .split("\n")
      .filter((line) => line.includes(userId));
  } catch {
    return []; // pgrep exits 1 when nothing matches
  }
}

test.describe("uploads cannot make the server read or fetch anything else", () => {
  const playlist = (entry: string, end = true) =>
    `#EXTM3U\n#EXT-X-TARGETDURATION:20\n#EXTINF:11,\n${entry}\n${end ? "#EXT-X-ENDLIST\n" : ""}`;
  const cases: Array<[string, string, string]> = [
    ["an HLS playlist naming a local file", "p.m3u8", playlist("/etc/hostname")],
    ["the same playlist named .mp3", "song.mp3", playlist("/etc/hostname")],
    ["a playlist with a file: URL", "p.wav", playlist("file:/etc/hostname")],
    ["a playlist pointing at a closed local port", "p.m4a", playlist("http://127.0.0.1:9/x.mp3")],
    ["a live playlist with no end tag", "live.mp3", playlist("http://127.0.0.1:9/x.mp3", false)],
    ["an ffconcat script", "list.wav", "ffconcat version 1.0\nfile '/etc/hostname'\n"],
  ];
  for (const [label, filename, body] of cases) {
    test(`${label}: 415 in under 15 s, nothing stored, no ffmpeg left`, async ({ request }) => {
      const user = await signedIn(request);
      const started = Date.now();
      const res = await request.post(`/api/transcriptions?filename=${encodeURIComponent(filename)}`, {
        data: Buffer.from(body),
        headers: { ...ORIGIN, "content-type": "audio/mpeg" },
      });
      expect(Date.now() - started).toBeLessThan(15_000);
      expect(res.status()).toBe(415);
      expect(await detail(res)).toMatch(/Upload the audio file itself|not audio we can read/);
      expect(await sql("select id from transcriptions where user_id = $1", [user.id])).toHaveLength(0);
      expect(mediaProcessesOf(user.id)).toEqual([]);
    });
  }
});

test.describe("accounts", () => {
  test("a password set by someone who never read the mailbox never signs in (pre-hijack)", async ({ page, playwright }) => {
    const victim = uniqueEmail("victim");
    const attacker = await playwright.request.newContext({ baseURL: APP_URL, extraHTTPHeaders: { ...ORIGIN, "x-forwarded-for": "198.51.100.66" } });
    // The attacker signs up first, with the victim's address (in other letter case) and their own password.
    const signUp = await attacker.post("/api/auth/sign-up/email", {
      data: { name: "Not the owner", email: victim.toUpperCase(), password: "attacker pass 1" },
    });
    expect(signUp.status()).toBe(200);

    // The owner opens the link from their mailbox and chooses their password.
    const mail = await waitForMail(victim, /Verify your email/);
    await page.goto(linkIn(mail));
    await page.getByLabel("Password").fill("owner chosen 7");
    await page.getByRole("button", { name: "Confirm and log in" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    const withAttackerPassword = await attacker.post("/api/auth/sign-in/email", { data: { email: victim, password: "attacker pass 1" } });
    expect(withAttackerPassword.status()).toBe(401);
    const owner = await playwright.request.newContext({ baseURL: APP_URL, extraHTTPHeaders: ORIGIN });
    expect((await owner.post("/api/auth/sign-in/email", { data: { email: victim.toUpperCase(), password: "owner chosen 7" } })).status()).toBe(200);

    // The link works once (tried signed out, as someone else holding it would).
    await page.context().clearCookies();
    await page.goto(linkIn(mail));
    await page.getByLabel("Password").fill("attacker pass 1");
    await page.getByRole("button", { name: "Confirm and log in" }).click();
    await expect(page.getByRole("main").getByRole("alert")).toContainText("already confirmed");
    expect((await attacker.post("/api/auth/sign-in/email", { data: { email: victim, password: "attacker pass 1" } })).status()).toBe(401);
    await attacker.dispose();
    await owner.dispose();
  });

  test("a rotating X-Forwarded-For does not escape the per-client limit when no proxy is trusted", async ({ playwright }) => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const client = await playwright.request.newContext({ baseURL: EMBEDDED_URL, extraHTTPHeaders: { "x-forwarded-for": `203.0.113.${i + 1}` } });
      const res = await client.post("/api/auth/sign-in/email", { data: { email: uniqueEmail("rotating"), password: "guess number 1" } });
      statuses.push(res.status());
      await client.dispose();
    }
    expect(statuses.slice(0, 10)).toEqual(new Array(10).fill(401));
    expect(statuses.slice(10)).toEqual([429, 429]);
  });

  test("another client's wrong passwords do not lock the owner out", async ({ request, playwright }) => {
    const creds = await createUser(request);
    const attacker = await playwright.request.newContext({ baseURL: APP_URL, extraHTTPHeaders: { ...ORIGIN, "x-forwarded-for": "192.0.2.200" } });
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push((await attacker.post("/api/auth/sign-in/email", { data: { email: creds.email, password: `guess ${i} abc` } })).status());
    }
    expect(statuses.slice(0, 10)).toEqual(new Array(10).fill(401));
    expect(statuses[10]).toBe(429);

    // The owner, elsewhere: at most a short wait, then in.
    const owner = await playwright.request.newContext({ baseURL: APP_URL, extraHTTPHeaders: { ...ORIGIN, "x-forwarded-for": "192.0.2.201" } });
    let res = await owner.post("/api/auth/sign-in/email", { data: creds });
    if (res.status() === 429) {
      const text = await detail(res);
      expect(text).toMatch(/^Too many failed sign-ins for this account\. Wait \d+ seconds? and try again\.$/);
      await new Promise((r) => setTimeout(r, Number(/Wait (\d+)/.exec(text)![1]) * 1000 + 200));
      res = await owner.post("/api/auth/sign-in/email", { data: creds });
    }
    expect(res.status()).toBe(200);
    // The attacker's client stays limited.
    expect((await attacker.post("/api/auth/sign-in/email", { data: creds })).status()).toBe(429);
    await attacker.dispose();
    await owner.dispose();
  });

  test("using one reset link, or changing the password, ends every other reset link", async ({ request }) => {
    const creds = await createUser(request);
    const resetLinks = async (count: number) => {
      for (let i = 0; i < count; i++) {
        expect((await request.post("/api/auth/request-password-reset", { data: { email: creds.email, redirectTo: "/reset-password" }, headers: ORIGIN })).status()).toBe(200);
      }
      const rows = await sql<{ identifier: string }>("select identifier from verifications where value = $1 and identifier like 'reset-password:%' order by created_at", [await userIdOf(creds.email)]);
      return rows.map((r) => r.identifier.slice("reset-password:".length));
    };
    const [older, newer] = await resetLinks(2);
    expect((await request.post("/api/auth/reset-password", { data: { token: newer, newPassword: "newest pass 42" }, headers: ORIGIN })).status()).toBe(200);
    const stale = await request.post("/api/auth/reset-password", { data: { token: older, newPassword: "attacker pass 9" }, headers: ORIGIN });
    expect(stale.status()).toBe(400);
    expect(await detail(stale)).toBe("This link is invalid or has expired. Request a new one.");

    const [pending] = await resetLinks(1);
    expect((await request.post("/api/auth/sign-in/email", { data: { email: creds.email, password: "newest pass 42" }, headers: ORIGIN })).status()).toBe(200);
    const changed = await request.post("/api/auth/change-password", { data: { currentPassword: "newest pass 42", newPassword: "changed pass 77" }, headers: ORIGIN });
    expect(changed.status(), await changed.text()).toBe(200);
    expect((await request.post("/api/auth/reset-password", { data: { token: pending, newPassword: "attacker pass 9" }, headers: ORIGIN })).status()).toBe(400);
  });

  test("reset requests answer the same whether or not the address has an account", async ({ request }) => {
    const creds = await createUser(request);
    const known = await request.post("/api/auth/request-password-reset", { data: { email: creds.email, redirectTo: "/reset-password" }, headers: ORIGIN });
    const unknown = await request.post("/api/auth/request-password-reset", { data: { email: uniqueEmail("nobody"), redirectTo: "/reset-password" }, headers: ORIGIN });
    expect(known.status()).toBe(200);
    expect(unknown.status()).toBe(200);
    expect(await unknown.json()).toEqual(await known.json());
  });

  const badNames: Array<[string, unknown]> = [
    ["a list holding markup", ["<img src=x onerror=alert(1)>"]],
    ["5,000 characters", "x".repeat(5000)],
    ["a link", "visit https://evil.example"],
    ["true", true],
    ["an object", { a: 1 }],
    ["null", null],
    ["a number", 42],
    ["a NUL character", "Ada\u0000"],
  ];
  for (const [label, name] of badNames) {
    test(`update-user refuses a name that is ${label}, and keeps the old one`, async ({ request }) => {
      const user = await signedIn(request);
      const res = await request.post("/api/auth/update-user", { data: { name }, headers: ORIGIN });
      expect(res.status()).toBe(400);
      expect((await detail(res)).length).toBeGreaterThan(10);
      const [row] = await sql<{ name: string }>("select name from users where id = $1", [user.id]);
      expect(row.name).toBe("Test User");
    });
  }

  test("update-user refuses fields other than the name", async ({ request }) => {
    await signedIn(request);
    const res = await request.post("/api/auth/update-user", { data: { name: "Ada", isAdmin: true }, headers: ORIGIN });
    expect(res.status()).toBe(400);
    expect(await detail(res)).toBe("Only your name can be changed here.");
  });
});

test.describe("cross-site requests", () => {
  test("state-changing requests from another site are refused, from our pages accepted", async ({ request }) => {
    const user = await signedIn(request);
    const [{ id: styleTarget }] = await sql<{ id: string }>("select gen_random_uuid()::text as id");
    const attempts: Array<[string, () => Promise<APIResponse>]> = [
      ["rename", () => request.patch(`/api/transcriptions/${styleTarget}`, { data: { title: "x" }, headers: EVIL })],
      ["delete", () => request.delete(`/api/transcriptions/${styleTarget}`, { headers: EVIL })],
      ["upload", () => request.post("/api/transcriptions?filename=a.wav", { data: Buffer.from("RIFF"), headers: { ...EVIL, "content-type": "audio/wav" } })],
      ["checkout", () => request.post("/api/subscriptions/create-checkout-session", { data: { plan_id: "pro", billing_interval: "monthly" }, headers: EVIL })],
      ["cancel", () => request.post("/api/subscriptions/cancel", { headers: EVIL })],
      ["logout", () => request.post("/api/logout", { headers: EVIL, maxRedirects: 0 })],
      ["sign-out via Better Auth", () => request.post("/api/auth/sign-out", { headers: EVIL })],
      ["referer only", () => request.post("/api/subscriptions/cancel", { headers: { referer: "http://evil.example/page" } })],
    ];
    for (const [label, attempt] of attempts) {
      const res = await attempt();
      expect(res.status(), label).toBe(403);
    }
    expect((await request.get("/api/me")).status()).toBe(200);
    const own = await request.patch(`/api/transcriptions/${styleTarget}`, { data: { title: "x" }, headers: ORIGIN });
    expect(own.status()).toBe(404);
    expect(user.id).toBeTruthy();
  });

  test("an operator's deactivation from another site is refused", async ({ request, playwright }) => {
    const target = await createUser(request);
    const operator = await clientFor(playwright, await createOperator(request, 2));
    const res = await operator.patch(`/api/admin/users/${await userIdOf(target.email)}`, { data: { is_active: false }, headers: EVIL });
    expect(res.status()).toBe(403);
    const [row] = await sql<{ is_active: boolean }>("select is_active from users where email = $1", [target.email]);
    expect(row.is_active).toBe(true);
    await operator.dispose();
  });
});

test.describe("headers, health and pictures", () => {
  test("pages and API answers carry the security headers; pages run under a nonce policy, the prerendered landing page under a fixed one, without violations", async ({ page, request }) => {
    for (const url of ["/", "/login", "/api/me", "/api/subscriptions/plans"]) {
      const headers = (await request.get(url)).headers();
      expect(headers["x-content-type-options"], url).toBe("nosniff");
      expect(headers["referrer-policy"], url).toBe("strict-origin-when-cross-origin");
      expect(headers["permissions-policy"], url).toContain("microphone=(self)");
      expect(headers["content-security-policy"], url).toContain("frame-ancestors 'none'");
    }
    const pageHeaders = (await request.get("/login")).headers();
    const nonce = /'nonce-([^']+)'/.exec(pageHeaders["content-security-policy"])?.[1];
    expect(nonce).toBeTruthy();
    expect(pageHeaders["content-security-policy"]).not.toContain("unsafe-inline' 'strict");
    expect(pageHeaders["content-security-policy"]).toMatch(/script-src 'self' 'nonce-[^']+' 'sha256-[^']+' 'strict-dynamic'/);
    // The landing page is one file for everyone: no nonce, a fixed policy that still forbids
    // other origins' scripts, plugins and framing.
    const landing = await request.get("/");
    expect(landing.headers()["x-nextjs-prerender"]).toBeTruthy();
    const landingPolicy = landing.headers()["content-security-policy"];
    expect(landingPolicy).toContain("script-src 'self' 'unsafe-inline';");
    expect(landingPolicy).toContain("object-src 'none'");
    expect(landingPolicy).not.toContain("nonce-");

    const violations: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
    });
    const creds = await createUser(request);
    await logInViaApi(page, creds);
    await page.goto("/dashboard");
    await expect(page.getByRole("heading", { name: /Welcome/ })).toBeVisible();
    await page.goto("/");
    await expect(page.getByTestId("plan-premium")).toBeVisible();
    await page.goto("/no/such/page");
    await expect(page.getByRole("link", { name: "Go to dashboard" })).toBeVisible();
    await page.goto("/account");
    await expect(page.getByRole("heading", { name: "Appearance" })).toBeVisible();
    expect(violations).toEqual([]);
  });

  test("health is just 'ok' for anyone, details for operators", async ({ request, playwright }) => {
    expect(await (await request.get("/api/health")).json()).toEqual({ status: "ok" });
    await signedIn(request);
    expect(await (await request.get("/api/health")).json()).toEqual({ status: "ok" });
    const operator = await clientFor(playwright, await createOperator(request, 2));
    const details = await (await operator.get("/api/health")).json();
    expect(details.database).toEqual({ ok: true, kind: "postgres" });
    expect(details.queue).toBeTruthy();
    // This stack forces PocketSphinx, so no whisper model is fetched; operators see that in each worker's heartbeat.
    expect(details.workers.map((w: { model: unknown }) => w.model)).toContainEqual({ state: "off" });
    expect(details.jobs.transcribe).toMatchObject({ failed_24h: expect.any(Number), waited: { count: expect.any(Number) } });
    await operator.dispose();
  });

  test("a profile picture is readable by its owner and operators only", async ({ request, playwright }) => {
    const owner = await signedIn(request);
    const png = Buffer.from("89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5f9a1f50000000049454e44ae426082", "hex");
    const put = await request.put("/api/account/avatar", { multipart: { file: { name: "a.png", mimeType: "image/png", buffer: png } }, headers: ORIGIN });
    expect(put.status(), await put.text()).toBe(200);
    expect((await request.get(`/api/avatars/${owner.id}`)).status()).toBe(200);

    const stranger = await playwright.request.newContext({ baseURL: APP_URL, extraHTTPHeaders: ORIGIN });
    const other = await createUser(stranger);
    await stranger.post("/api/auth/sign-in/email", { data: other });
    const peek = await stranger.get(`/api/avatars/${owner.id}`);
    expect(peek.status()).toBe(404);
    const operator = await clientFor(playwright, await createOperator(request, 2));
    expect((await operator.get(`/api/avatars/${owner.id}`)).status()).toBe(200);
    await stranger.dispose();
    await operator.dispose();
  });
});

test.describe("bodies, names and mail", () => {
  const nested = (levels: number) => "[".repeat(levels) + "]".repeat(levels);
  const TOO_DEEP = "The request body is nested too deeply: use at most 64 levels of arrays and objects.";
  const JSON_TYPE = { ...ORIGIN, "content-type": "application/json" };

  test("JSON nested 20,000 deep is refused with 400 and a sentence, by our routes and by Better Auth's", async ({ request }) => {
    await signedIn(request);
    const [{ id }] = await sql<{ id: string }>("select gen_random_uuid()::text as id");
    const answers = [
      await request.patch(`/api/transcriptions/${id}`, { data: `{"title":${nested(20_000)}}`, headers: JSON_TYPE }),
      await request.post("/api/auth/sign-in/email", { data: `{"email":"deep@example.com","password":${nested(20_000)}}`, headers: JSON_TYPE }),
    ];
    for (const res of answers) {
      expect(res.status()).toBe(400);
      expect(await detail(res)).toBe(TOO_DEEP);
    }
  });

  test("a title and a display name lose line breaks and direction controls and keep their text; nothing left is refused as empty", async ({ request }) => {
    const user = await signedIn(request);
    const id = await seedJfkTranscript(user.email);
    const renamed = await request.patch(`/api/transcriptions/${id}`, { data: { title: "Q3\r\nreview \u202Efdp.exe\u2066" }, headers: ORIGIN });
    expect(renamed.status()).toBe(200);
    expect((await renamed.json()).title).toBe("Q3 review fdp.exe");
    const blankTitle = await request.patch(`/api/transcriptions/${id}`, { data: { title: "\u202E\r\n\u2066" }, headers: ORIGIN });
    expect(blankTitle.status()).toBe(422);
    expect(await detail(blankTitle)).toBe("Enter a title.");

    expect((await request.post("/api/auth/update-user", { data: { name: "Ada\r\n\u202ELovelace" }, headers: ORIGIN })).status()).toBe(200);
    expect((await (await request.get("/api/me")).json()).name).toBe("Ada Lovelace");
    const blankName = await request.post("/api/auth/update-user", { data: { name: "\u2066\u202E\n" }, headers: ORIGIN });
    expect(blankName.status()).toBe(400);
    expect(await detail(blankName)).toBe("Enter your name.");
  });

  test("signing in again and again to an unconfirmed account answers the same each time and sends no more mail", async ({ request }) => {
    const creds = { name: "Unconfirmed", email: uniqueEmail("unconfirmed"), password: "correct horse 9" };
    expect((await request.post("/api/auth/sign-up/email", { data: creds, headers: ORIGIN })).status()).toBe(200);
    await waitForMail(creds.email, /Verify your email/);
    for (let i = 0; i < 3; i++) {
      const res = await request.post("/api/auth/sign-in/email", { data: creds, headers: ORIGIN });
      expect(res.status()).toBe(403);
      expect(await detail(res)).toBe("Please verify your email address first. We have sent you a new verification link.");
    }
    // Asking for the link again always sends one; it is queued after anything the sign-ins
    // sent, so once it is here, so is any of theirs.
    expect((await request.post("/api/auth/send-verification-email", { data: { email: creds.email }, headers: ORIGIN })).status()).toBe(200);
    const mails = async () => ((await (await fetch(`${STACK_API}/messages?to=${encodeURIComponent(creds.email)}`)).json()) as unknown[]).length;
    await expect.poll(mails, { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
    await new Promise((r) => setTimeout(r, 1000));
    expect(await mails()).toBe(2);
  });
});

/** Every API route, every method it has, with hostile paths, queries and bodies: never a 5xx. */
test.describe("malformed input sweep", () => {
  test.setTimeout(240_000);

  const apiDir = path.join(process.cwd(), "app", "api");
  const routes: Array<{ pattern: string; methods: string[] }> = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name === "route.ts") {
        const source = readFileSync(full, "utf8");
        // Handlers are `export const GET = route(…)` (or, for Better Auth, a plain function).
        const methods = [...source.matchAll(/export (?:async function|function|const) (GET|POST|PUT|PATCH|DELETE)\b/g)].map((m) => m[1]);
        routes.push({ pattern: "/" + path.relative(path.join(process.cwd(), "app"), dir).split(path.sep).join("/"), methods });
      }
    }
  };
  walk(apiDir);

  const badSegments = ["%", "%00", "a%00b", "..%2f..%2fetc%2fpasswd", "%E0%A4%A", "x".repeat(3000), "null", "-1"];
  const huge = "y".repeat(200_000);
  const fields = ["title", "text", "speaker", "name", "description", "value", "plan_id", "billing_interval", "style_id", "level",
    "instructions", "base_version", "changes", "is_active", "languages", "features", "email", "password", "token", "newPassword", "currentPassword", "price_monthly"];
  const objectOf = (value: unknown) => Object.fromEntries(fields.map((f) => [f, value]));
  const badBodies: Array<string | Buffer> = [
    JSON.stringify(objectOf("nul\u0000here")),
    JSON.stringify(objectOf(huge.slice(0, 20_000))),
    JSON.stringify(objectOf(true)),
    JSON.stringify(objectOf(null)),
    JSON.stringify(objectOf({ a: [1, { b: 2 }] })),
    JSON.stringify(objectOf(["x", 1])),
    JSON.stringify(objectOf(-1e308)),
    JSON.stringify({ changes: [{ position: "0\u0000", text: "\u0000" }], base_version: "1" }),
    JSON.stringify([1, 2, 3]),
    `{"title":${"[".repeat(20_000)}${"]".repeat(20_000)}}`,
    "{not json",
    huge,
    Buffer.from([0, 1, 2, 255, 0]),
  ];
  // The live status stream answers with a never-ending event stream; it takes no input.
  const skip = new Set(["/api/transcriptions/events"]);

  test("no route answers 5xx to hostile input", async ({ request, playwright }) => {
    // A client address of its own: the sweep's many sign-in attempts must not limit other tests.
    const operator = await playwright.request.newContext({ baseURL: APP_URL, extraHTTPHeaders: { ...ORIGIN, "x-forwarded-for": "198.18.0.9" } });
    await logInViaApiContext(operator, await createOperator(request, 1));
    // The sweep must see the routes it is meant to attack, whatever shape their exports take.
    expect(routes.length).toBeGreaterThanOrEqual(40);
    expect(routes.filter((r) => r.methods.length === 0).map((r) => r.pattern)).toEqual([]);
    const failures: string[] = [];
    const send = async (method: string, url: string, body?: string | Buffer) => {
      const res = await operator.fetch(url, {
        method,
        data: body,
        headers: { "content-type": "application/json", ...ORIGIN },
        maxRedirects: 0,
        failOnStatusCode: false,
        timeout: 30_000,
      });
      if (res.status() >= 500) failures.push(`${method} ${url.slice(0, 120)} ${typeof body === "string" ? body.slice(0, 60) : ""} → ${res.status()}`);
    };
    const fill = (pattern: string, segment: string) =>
      pattern.replace(/\[\.\.\.[^\]]+\]/g, `sign-in/email/${segment}`).replace(/\[[^\]]+\]/g, segment);
    const authPaths = ["sign-in/email", "sign-up/email", "request-password-reset", "reset-password", "update-user", "change-password", "send-verification-email"];
    for (const { pattern, methods } of routes) {
      if (skip.has(pattern)) continue;
      for (const method of methods) {
        for (const segment of badSegments) await send(method, `${fill(pattern, segment)}?q=%00&page=%&format=${segment}`);
        const targets = pattern.includes("[...") ? authPaths.map((p) => pattern.replace(/\[\.\.\.[^\]]+\]/, p)) : [fill(pattern, "00000000-0000-4000-8000-000000000000")];
        for (const target of targets) {
          await send(method, `${target}?q=${encodeURIComponent("\u0000")}&filename=%00.wav`);
          if (method !== "GET") for (const body of badBodies) await send(method, target, body);
        }
      }
    }
    expect(failures).toEqual([]);
    await operator.dispose();
  });
});
