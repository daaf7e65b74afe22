import { ORIGIN, createUser, expect, sql, test, uniqueEmail } from "./support/fixtures";

test.describe("session API", () => {
  test("GET /api/me answers 401 signed out, the user object signed in", async ({ request }) => {
    const out = await request.get("/api/me");
    expect(out.status()).toBe(401);
    expect(await out.json()).toEqual({ detail: "You are not logged in." });

    const creds = await createUser(request, { name: "Grace Hopper" });
    const signIn = await request.post("/api/auth/sign-in/email", { data: creds, headers: ORIGIN });
    expect(signIn.status()).toBe(200);
    const me = await request.get("/api/me");
    expect(me.status()).toBe(200);
    const body = await me.json();
    expect(Object.keys(body).sort()).toEqual(["email", "id", "is_admin", "is_verified", "name", "picture"]);
    expect(body).toMatchObject({ email: creds.email, name: "Grace Hopper", picture: null, is_admin: false, is_verified: true });
  });

  test("a deactivated user loses every session at once and cannot sign in", async ({ playwright }) => {
    const base = { baseURL: "http://127.0.0.1:3100", extraHTTPHeaders: { "x-forwarded-for": "10.200.0.1" } };
    const deviceA = await playwright.request.newContext(base);
    const deviceB = await playwright.request.newContext(base);
    const creds = await createUser(deviceA);
    for (const device of [deviceA, deviceB]) {
      expect((await device.post("/api/auth/sign-in/email", { data: creds, headers: ORIGIN })).status()).toBe(200);
      expect((await device.get("/api/me")).status()).toBe(200);
    }
    await sql("update users set is_active = false where email = $1", [creds.email]);
    expect((await deviceA.get("/api/me")).status()).toBe(401);
    expect((await deviceB.get("/api/me")).status()).toBe(401);
    const [{ n }] = await sql<{ n: number }>(
      "select count(*)::int as n from sessions s join users u on u.id = s.user_id where u.email = $1",
      [creds.email],
    );
    expect(n).toBe(0);
    const again = await deviceA.post("/api/auth/sign-in/email", { data: creds, headers: ORIGIN });
    expect(again.status()).toBe(403);
    expect((await again.json()).detail).toBe(
      "This account has been deactivated. Contact support if you think this is a mistake.",
    );
    await deviceA.dispose();
    await deviceB.dispose();
  });

  test("POST /api/logout ends the session; GET /api/logout?source=app only when our own page asks", async ({ request }) => {
    const creds = await createUser(request);
    await request.post("/api/auth/sign-in/email", { data: creds, headers: ORIGIN });
    // A link or image on another site: the redirect, and the session stays.
    const foreign = await request.get("/api/logout?source=app", { maxRedirects: 0, headers: { "sec-fetch-site": "cross-site", referer: "http://evil.example/" } });
    expect(foreign.status()).toBe(303);
    expect((await request.get("/api/me")).status()).toBe(200);
    const own = await request.get("/api/logout?source=app", { maxRedirects: 0, headers: { "sec-fetch-site": "same-origin" } });
    expect(own.status()).toBe(303);
    expect(own.headers()["location"]).toBe("/login");
    expect((await request.get("/api/me")).status()).toBe(401);

    await request.post("/api/auth/sign-in/email", { data: creds, headers: ORIGIN });
    const res = await request.post("/api/logout", { maxRedirects: 0, headers: ORIGIN });
    expect(res.status()).toBe(303);
    expect((await request.get("/api/me")).status()).toBe(401);
  });

  test("onboarding status is true for a new user until it is reported seen", async ({ request }) => {
    expect((await request.get("/api/subscriptions/onboarding-status")).status()).toBe(401);
    expect((await request.post("/api/subscriptions/onboarding-seen")).status()).toBe(401);
    const creds = await createUser(request, {}, { onboarding: true });
    await request.post("/api/auth/sign-in/email", { data: creds, headers: ORIGIN });
    expect(await (await request.get("/api/subscriptions/onboarding-status")).json()).toEqual({ should_show_onboarding: true });
    expect((await request.post("/api/subscriptions/onboarding-seen", { headers: ORIGIN })).status()).toBe(200);
    expect(await (await request.get("/api/subscriptions/onboarding-status")).json()).toEqual({ should_show_onboarding: false });
  });
});

test.describe("account rules", () => {
  test("sign-in is rate limited per client with a clear 429", async ({ request }) => {
    const creds = await createUser(request);
    const wrong = { email: creds.email, password: "not the password 1" };
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push((await request.post("/api/auth/sign-in/email", { data: wrong, headers: ORIGIN })).status());
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
    const limited = await request.post("/api/auth/sign-in/email", { data: creds, headers: ORIGIN });
    expect(limited.status()).toBe(429);
    expect((await limited.json()).detail).toBe("Too many attempts. Please wait a few minutes and try again.");
  });

  test("attempts on one account are limited whatever the client IP claims", async ({ playwright }) => {
    const setup = await playwright.request.newContext({ baseURL: "http://127.0.0.1:3100" });
    const creds = await createUser(setup);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const ctx = await playwright.request.newContext({
        baseURL: "http://127.0.0.1:3100",
        extraHTTPHeaders: { "x-forwarded-for": `10.77.${i}.9` },
      });
      const res = await ctx.post("/api/auth/sign-in/email", { data: { email: creds.email, password: "guess number 1" }, headers: ORIGIN });
      statuses.push(res.status());
      await ctx.dispose();
    }
    expect(statuses.slice(0, 10)).toEqual(new Array(10).fill(401));
    expect(statuses[10]).toBe(429);
    await setup.dispose();
  });

  test("names are plain text, and the picture cannot be set to an outside URL", async ({ request }) => {
    const link = await request.post("/api/auth/sign-up/email", {
      data: { name: "Win a prize at https://evil.example", email: uniqueEmail(), password: "correct horse 9" },
      headers: ORIGIN,
    });
    expect(link.status()).toBe(400);
    expect((await link.json()).detail).toBe("Enter your name as plain text, without links or special characters.");

    const creds = await createUser(request);
    await request.post("/api/auth/sign-in/email", { data: creds, headers: ORIGIN });
    const image = await request.post("/api/auth/update-user", { data: { image: "https://tracker.example/pixel.gif" }, headers: ORIGIN });
    expect(image.status()).toBe(400);
    expect((await image.json()).detail).toBe("Change your picture by uploading one on the account page.");
    expect((await (await request.get("/api/me")).json()).picture).toBeNull();
    const rename = await request.post("/api/auth/update-user", { data: { name: "Ada King" }, headers: ORIGIN });
    expect(rename.status()).toBe(200);
  });

  test("oversized auth bodies get 413, not a parse", async ({ request }) => {
    const res = await request.post("/api/auth/sign-in/email", {
      data: JSON.stringify({ email: "a@b.c", password: "x".repeat(100_000) }),
      headers: { ...ORIGIN, "content-type": "application/json" },
    });
    expect(res.status()).toBe(413);
    expect((await res.json()).detail).toBe("The request is too large.");
  });

  test("sign-up refuses weak passwords and taken emails, and closes with signup_enabled=false", async ({ request }) => {
    const email = uniqueEmail();
    const weak = await request.post("/api/auth/sign-up/email", { data: { name: "A", email, password: "password1" }, headers: ORIGIN });
    expect(weak.status()).toBe(400);
    expect((await weak.json()).detail).toBe("This password is one of the most common ones and easy to guess. Choose another.");
    const short = await request.post("/api/auth/sign-up/email", { data: { name: "A", email, password: "ab1" }, headers: ORIGIN });
    expect((await short.json()).detail).toBe("Choose a password of at least 8 characters.");

    await createUser(request, { email });
    const taken = await request.post("/api/auth/sign-up/email", { data: { name: "A", email, password: "correct horse 9" }, headers: ORIGIN });
    expect(taken.status()).toBe(422);
    expect((await taken.json()).detail).toBe("An account with this email already exists. Log in or reset your password.");

    await sql("update settings set value = 'false' where key = 'signup_enabled'");
    try {
      const closed = await request.post("/api/auth/sign-up/email", {
        data: { name: "A", email: uniqueEmail(), password: "correct horse 9" },
        headers: ORIGIN,
      });
      expect(closed.status()).toBe(403);
      expect((await closed.json()).detail).toBe("Sign-up is closed at the moment. Please try again later.");
    } finally {
      await sql("update settings set value = 'true' where key = 'signup_enabled'");
    }
  });

  test("sign-in answers an unknown address exactly as a wrong password, and says when it is unverified", async ({ request }) => {
    const unknown = await request.post("/api/auth/sign-in/email", { data: { email: uniqueEmail(), password: "whatever 12" }, headers: ORIGIN });
    expect(unknown.status()).toBe(401);
    expect((await unknown.json()).detail).toBe("Incorrect email or password. Try again or reset your password.");

    const creds = await createUser(request);
    const wrong = await request.post("/api/auth/sign-in/email", { data: { ...creds, password: "wrong horse 9" }, headers: ORIGIN });
    expect(wrong.status()).toBe(401);
    expect((await wrong.json()).detail).toBe("Incorrect email or password. Try again or reset your password.");

    await sql("update users set email_verified = false where email = $1", [creds.email]);
    const unverified = await request.post("/api/auth/sign-in/email", { data: creds, headers: ORIGIN });
    expect(unverified.status()).toBe(403);
    expect((await unverified.json()).detail).toMatch(/verify your email address first/);
  });

  test("the operator allow-list sets is_admin at sign-up", async ({ request }) => {
    const creds = await createUser(request, { email: "ops2@verbatim.test" });
    await request.post("/api/auth/sign-in/email", { data: creds, headers: ORIGIN });
    expect((await (await request.get("/api/me")).json()).is_admin).toBe(true);
  });
});

test.describe("bad input never gets a 500", () => {
  const jsonRoutes = [
    "/api/auth/sign-up/email",
    "/api/auth/sign-in/email",
    "/api/auth/request-password-reset",
    "/api/auth/reset-password",
    "/api/auth/change-password",
    "/api/auth/update-user",
  ];
  const bodies: Array<[string, string]> = [
    ["malformed JSON", '{"email": '],
    ["a JSON array", "[1, 2]"],
    ["wrong types", '{"email": 42, "password": true, "name": [], "newPassword": {}, "token": 5}'],
    ["missing fields", "{}"],
  ];

  for (const route of jsonRoutes) {
    for (const [label, body] of bodies) {
      test(`${route} with ${label} → 4xx with detail`, async ({ request }) => {
        const res = await request.post(route, { data: body, headers: { ...ORIGIN, "content-type": "application/json" } });
        expect(res.status(), await res.text()).toBeGreaterThanOrEqual(400);
        expect(res.status()).toBeLessThan(500);
        const json = await res.json();
        expect(typeof json.detail).toBe("string");
        expect(json.detail.length).toBeGreaterThan(3);
      });
    }
  }

  test("profile picture upload refuses what is not a small image", async ({ request }) => {
    const creds = await createUser(request);
    await request.post("/api/auth/sign-in/email", { data: creds, headers: ORIGIN });
    const put = (multipart?: Record<string, { name: string; mimeType: string; buffer: Buffer }>, data?: string) =>
      request.put("/api/account/avatar", { headers: ORIGIN, ...(multipart ? { multipart } : { data }) });

    const notMultipart = await put(undefined, '{"file": "x"}');
    expect(notMultipart.status()).toBe(415);
    const notImage = await put({ file: { name: "evil.png", mimeType: "image/png", buffer: Buffer.from("<svg onload=alert(1)>") } });
    expect(notImage.status()).toBe(415);
    expect((await notImage.json()).detail).toBe("Use a PNG, JPEG, WebP or GIF picture.");
    const empty = await put({ file: { name: "a.png", mimeType: "image/png", buffer: Buffer.alloc(0) } });
    expect(empty.status()).toBe(422);
    const huge = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(3 * 1024 * 1024)]);
    const tooBig = await put({ file: { name: "big.png", mimeType: "image/png", buffer: huge } });
    expect(tooBig.status()).toBe(413);

    const png = Buffer.from(
      "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
      "base64",
    );
    const ok = await put({ file: { name: "me.png", mimeType: "application/octet-stream", buffer: png } });
    expect(ok.status()).toBe(200);
    const { picture } = await ok.json();
    expect((await request.get("/api/me")).ok()).toBe(true);
    const served = await request.get(picture);
    expect(served.headers()["content-type"]).toBe("image/png");
  });

  test("unknown API paths answer 404, not 500", async ({ request }) => {
    const res = await request.get("/api/does-not-exist");
    expect(res.status()).toBe(404);
  });
});
