import { randomUUID } from "node:crypto";
import { ORIGIN, createUser, expect, logInViaApi, sql, test, uniqueEmail } from "./support/fixtures";

/**
 * Issue 38 §5: caps that racing requests cannot pass, through the built app on PostgreSQL
 * (the multi-host stack), where requests really run at once.
 */

const tus = { ...ORIGIN, "tus-resumable": "1.0.0" };
const meta = (name: string) => `filename ${Buffer.from(name).toString("base64")}`;
const UPLOADS_FULL = "You have 5 uploads in progress. Let one finish, or cancel one, then try again.";
const ALREADY_RECORDING = "You are already starting a recording in another tab. Stop that one first.";

/** How many answers said what: "201", or "409 <detail>". */
async function tally(answers: Array<{ status(): number; json(): Promise<unknown> }>): Promise<Record<string, number>> {
  const said: Record<string, number> = {};
  for (const a of answers) {
    const key = a.status() < 300 ? String(a.status()) : `${a.status()} ${((await a.json()) as { detail: string }).detail}`;
    said[key] = (said[key] ?? 0) + 1;
  }
  return said;
}

test("twelve racing tus creations: five are open, seven answer 409 with the sentence; a canceled one frees its place", async ({ page }) => {
  await logInViaApi(page, await createUser(page.request));
  const answers = await Promise.all(
    Array.from({ length: 12 }, (_, i) => page.request.post("/api/uploads", { headers: { ...tus, "upload-length": "1000", "upload-metadata": meta(`race-${i}.wav`) } })),
  );
  expect(await tally(answers)).toEqual({ "201": 5, [`409 ${UPLOADS_FULL}`]: 7 });

  const first = answers.find((a) => a.status() === 201)!.headers()["location"];
  expect((await page.request.delete(first, { headers: tus })).status()).toBe(204);
  expect((await page.request.post("/api/uploads", { headers: { ...tus, "upload-length": "1000", "upload-metadata": meta("again.wav") } })).status()).toBe(201);
  const sixth = await page.request.post("/api/uploads", { headers: { ...tus, "upload-length": "1000", "upload-metadata": meta("sixth.wav") } });
  expect([sixth.status(), ((await sixth.json()) as { detail: string }).detail]).toEqual([409, UPLOADS_FULL]);
});

test("six racing recording starts: each answers 201 or 409 with a sentence, and exactly one recording stays open", async ({ page }) => {
  const creds = await createUser(page.request);
  await logInViaApi(page, creds);
  const answers = await Promise.all(Array.from({ length: 6 }, () => page.request.post("/api/recordings", { headers: ORIGIN, data: { title: "Standup", mode: "mic" } })));
  // Starts take turns: one that looked before another committed is refused, one that looked after takes it over.
  const said = await tally(answers);
  expect(Object.keys(said).filter((k) => k !== "201" && k !== `409 ${ALREADY_RECORDING}`)).toEqual([]);
  expect(said["201"]).toBeGreaterThan(0);
  const open = await sql<{ id: string }>(
    "select s.transcription_id as id from live_sessions s join users u on u.id = s.user_id where u.email = $1 and s.stopped_at is null",
    [creds.email.toLowerCase()],
  );
  expect(open).toHaveLength(1);
  // Only the open one is left (those taken over had no audio); it stops like any other.
  const recordings = await sql<{ id: string }>("select t.id from transcriptions t join users u on u.id = t.user_id where u.email = $1", [creds.email.toLowerCase()]);
  expect(recordings).toEqual(open);
  expect((await page.request.post(`/api/recordings/${open[0].id}/stop`, { headers: ORIGIN })).status()).toBe(200);
});

test("ten racing invitations with 2 seats free: two are sent, eight refused with the sentence, and the seats stay within the plan", async ({ page }) => {
  const owner = await createUser(page.request, { name: "Olivia Owner" });
  await sql(
    "insert into subscriptions (id, user_id, plan_id, status, billing_interval, seats) select 'sub-' || id, id, 'team', 'active', 'monthly', 6 from users where email = $1",
    [owner.email.toLowerCase()],
  );
  const members = [await createUser(page.request), await createUser(page.request), await createUser(page.request)];
  await logInViaApi(page, owner);
  const created = await page.request.post("/api/auth/organization/create", { headers: ORIGIN, data: { name: "Acme", slug: `acme-${randomUUID().slice(0, 8)}` } });
  expect(created.status(), await created.text()).toBe(200);
  const workspaceId = ((await created.json()) as { id: string }).id;
  // With the owner, 4 of the plan's 6 seats are taken.
  for (const member of members) {
    await sql("insert into workspace_members (id, organization_id, user_id, role) select $1, $2, id, 'member' from users where email = $3", [randomUUID(), workspaceId, member.email.toLowerCase()]);
  }
  const answers = await Promise.all(
    Array.from({ length: 10 }, () => page.request.post("/api/auth/organization/invite-member", { headers: ORIGIN, data: { organizationId: workspaceId, email: uniqueEmail("invitee"), role: "member" } })),
  );
  const statuses = answers.map((a) => a.status());
  expect(statuses.filter((s) => s === 200)).toHaveLength(2);
  expect(statuses.filter((s) => s === 403)).toHaveLength(8);
  for (const a of answers.filter((x) => x.status() === 403)) {
    expect(((await a.json()) as { message: string }).message).toBe("Your Team plan has 6 seats and all are taken. Add seats on your Account page to invite more people, or invite them as viewers (viewers are free).");
  }
  const pending = await sql("select id from workspace_invitations where organization_id = $1 and status = 'pending'", [workspaceId]);
  expect(pending).toHaveLength(2);
});
