import { randomUUID } from "node:crypto";
import type { Database } from "@/lib/db/client";
import { eq, sql } from "drizzle-orm";
import { webhookDeliveries, webhooks, workspaceMembers, workspaces, type User } from "@/lib/db/schema";
import { type WorkspaceRole } from "@/lib/roles";
import { BACKENDS, useOpenedDatabase } from "@/test/support/databases";
import { insertUser } from "@/test/support/users";
import { POST as RESEND } from "../webhook-deliveries/[id]/resend/route";
import { GET as DELIVERIES } from "./[id]/deliveries/route";
import { POST as ENABLE } from "./[id]/enable/route";
import { DELETE } from "./[id]/route";
import { GET, POST } from "./route";

// The session is Better Auth's (end-to-end tests cover it); here only who it returns, and the
// workspace it shows, matter. The routes read the test's database.
const current: { user: Partial<User> | null; space: string | null; database: Database | null } = { user: null, space: null, database: null };
jest.mock("@/lib/auth/session", () => ({ currentUser: async () => current.user, currentSpace: async () => current.space }));
jest.mock("@/lib/db/client", () => ({ ...jest.requireActual("@/lib/db/client"), db: () => current.database }));

const BASE = "http://localhost:3000/api";
// route() asks for the session's workspace only when the request carries a cookie.
const COOKIE = { cookie: "better-auth.session_token=test" };

async function answer(res: Response) {
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : null };
}
const params = (id: string) => ({ params: Promise.resolve({ id }) });
const create = async (body: unknown) =>
  answer(await POST(new Request(`${BASE}/webhook-endpoints`, { method: "POST", body: typeof body === "string" ? body : JSON.stringify(body), headers: { ...COOKIE, "content-type": "application/json" } })));
const list = async () => answer(await GET(new Request(`${BASE}/webhook-endpoints`, { headers: COOKIE })));
const remove = async (id: string) => answer(await DELETE(new Request(`${BASE}/webhook-endpoints/${id}`, { method: "DELETE", headers: COOKIE }), params(id)));
const deliveries = async (id: string) => answer(await DELIVERIES(new Request(`${BASE}/webhook-endpoints/${id}/deliveries`, { headers: COOKIE }), params(id)));
const enable = async (id: string) => answer(await ENABLE(new Request(`${BASE}/webhook-endpoints/${id}/enable`, { method: "POST", headers: COOKIE }), params(id)));
const resend = async (id: string) => answer(await RESEND(new Request(`${BASE}/webhook-deliveries/${id}/resend`, { method: "POST", headers: COOKIE }), params(id)));

const NOT_FOUND = { detail: "This webhook does not exist." };
const DELIVERY_NOT_FOUND = { detail: "This delivery does not exist." };
const ADMINS_ONLY = { detail: "Only the workspace's owner and admins can do this." };

describe.each(BACKENDS)("the webhook routes, on %s", (_name, open) => {
  const t = useOpenedDatabase(open);
  const users = new Map<string, Partial<User>>();
  let team: string;

  const as = (name: string, space: string | null = null) => {
    current.user = users.get(name)!;
    current.space = space;
  };
  /** A failed delivery of `webhookId`, as a worker leaves one. */
  async function failedDelivery(webhookId: string): Promise<string> {
    const id = randomUUID();
    await t.db.insert(webhookDeliveries).values({
      id,
      webhookId,
      event: "transcription.failed",
      transcriptionId: randomUUID(),
      payload: { id, type: "transcription.failed", data: { transcription: { title: "Board meeting" }, workspace_id: null } },
      status: "failed",
      attempts: 6,
      responseStatus: 500,
      error: "The endpoint answered with status 500.",
    });
    return id;
  }

  beforeAll(async () => {
    current.database = t.db;
    for (const name of ["owner", "admin", "member", "viewer", "stranger", "other"]) {
      const id = await insertUser(t.db);
      users.set(name, { id, email: `${id}@example.com`, isActive: true });
    }
    team = randomUUID();
    await t.db.insert(workspaces).values({ id: team, name: "Team", slug: team });
    for (const role of ["owner", "admin", "member", "viewer"] as WorkspaceRole[]) {
      await t.db.insert(workspaceMembers).values({ id: randomUUID(), workspaceId: team, userId: users.get(role)!.id!, role });
    }
  });

  it("adds a personal webhook (201) with a signing secret and both events, and lists it", async () => {
    as("owner");
    const created = await create({ url: " https://hooks.example.com/verbatim " });
    expect(created).toEqual({
      status: 201,
      body: { id: expect.any(String), url: "https://hooks.example.com/verbatim", events: ["transcription.done", "transcription.failed"], secret: expect.stringMatching(/^whsec_[\w-]{43}$/), workspace_id: null, created_at: expect.any(String), state: "active", consecutive_failures: 0, paused_until: null, disabled_at: null },
    });
    const onlyFailed = await create({ url: "https://hooks.example.com/failures", events: ["transcription.failed", "transcription.failed"] });
    expect(onlyFailed).toMatchObject({ status: 201, body: { events: ["transcription.failed"] } });
    expect(await list()).toEqual({ status: 200, body: { webhooks: [onlyFailed.body, created.body] } });
    expect(await remove(onlyFailed.body!.id as string)).toEqual({ status: 204, body: null });
    expect(await remove(created.body!.id as string)).toEqual({ status: 204, body: null });
    expect(await list()).toEqual({ status: 200, body: { webhooks: [] } });
  });

  it("answers hostile bodies with a 4xx and a sentence, never a 500", async () => {
    as("owner");
    const EVENTS = 'Choose the events to send: "transcription.done" and/or "transcription.failed".';
    const cases: Array<[unknown, number, string]> = [
      [{}, 422, "Enter the URL to call."],
      [{ url: 5 }, 422, "Enter the URL to call."],
      [{ url: "   " }, 422, "Enter the URL to call."],
      [{ url: "hooks.example.com" }, 422, "Enter a full URL, such as https://example.com/webhooks/verbatim."],
      [{ url: "ftp://hooks.example.com/x" }, 422, "Use an https:// (or, outside production, http://) URL."],
      [{ url: "https://me:pw@hooks.example.com/x" }, 422, "Leave the user name and password out of the URL: each delivery is signed instead."],
      [{ url: `https://hooks.example.com/${"a".repeat(2100)}` }, 422, "Use a URL of at most 2048 characters."],
      [{ url: "http://127.0.0.1:3000/x" }, 422, "Webhooks cannot call 127.0.0.1: it is a loopback address. Use an address reachable from the internet."],
      [{ url: "http://localhost:3000/x" }, 422, "Webhooks cannot call localhost: use an address reachable from the internet."],
      [{ url: "http://10.0.0.1/x" }, 422, "Webhooks cannot call 10.0.0.1: it is a private address. Use an address reachable from the internet."],
      [{ url: "http://169.254.169.254/latest/meta-data" }, 422, "Webhooks cannot call 169.254.169.254: it is a link-local address. Use an address reachable from the internet."],
      [{ url: "http://[::1]/x" }, 422, "Webhooks cannot call ::1: it is a loopback address. Use an address reachable from the internet."],
      [{ url: "http://[::ffff:127.0.0.1]/x" }, 422, "Webhooks cannot call ::ffff:7f00:1: it is a loopback address. Use an address reachable from the internet."],
      [{ url: "https://hooks.example.com", events: [] }, 422, "Choose at least one event."],
      [{ url: "https://hooks.example.com", events: ["transcription.started"] }, 422, EVENTS],
      [{ url: "https://hooks.example.com", events: "transcription.done" }, 422, EVENTS],
      [{ url: "https://hooks.example.com", events: ["transcription.done", "transcription.failed", "transcription.done"] }, 422, EVENTS],
      [[], 422, "The request body must be a JSON object."],
    ];
    for (const [body, status, detail] of cases) {
      expect([JSON.stringify(body).slice(0, 80), await create(body)]).toEqual([JSON.stringify(body).slice(0, 80), { status, body: { detail } }]);
    }
    expect((await create("{not json")).status).toBe(400);
    expect(await list()).toEqual({ status: 200, body: { webhooks: [] } });
  });

  it("keeps a space to 10 webhooks", async () => {
    as("other");
    for (let i = 0; i < 10; i++) expect((await create({ url: `https://hooks.example.com/${i}` })).status).toBe(201);
    expect(await create({ url: "https://hooks.example.com/11" })).toEqual({ status: 422, body: { detail: "A space can have at most 10 webhooks. Delete one first." } });
    // Another space has its own ten.
    as("owner", team);
    const teams = await create({ url: "https://hooks.example.com/team" });
    expect(teams.status).toBe(201);
    expect(await remove(teams.body!.id as string)).toEqual({ status: 204, body: null });
    as("other");
    for (const w of (await list()).body!.webhooks as Array<{ id: string }>) await remove(w.id);
  });

  it("shows a delivery log and resends a delivery (202); one being sent is a conflict", async () => {
    as("owner");
    const webhook = (await create({ url: "https://hooks.example.com/log" })).body!;
    const delivery = await failedDelivery(webhook.id as string);
    expect(await deliveries(webhook.id as string)).toEqual({
      status: 200,
      body: {
        deliveries: [
          {
            id: delivery,
            webhook_id: webhook.id,
            event: "transcription.failed",
            transcription_id: expect.any(String),
            transcription_title: "Board meeting",
            status: "failed",
            attempts: 6,
            response_status: 500,
            error: "The endpoint answered with status 500.",
            attempt_log: [],
            delivered_at: null,
            created_at: expect.any(String),
            updated_at: expect.any(String),
          },
        ],
      },
    });
    expect(await resend(delivery)).toMatchObject({ status: 202, body: { id: delivery, status: "pending", error: null, attempts: 6 } });
    expect(await resend(delivery)).toEqual({ status: 409, body: { detail: "This delivery is still being sent. Resend it once it is delivered or has failed." } });
    await remove(webhook.id as string);
  });

  it("hides one user's webhooks and deliveries from another (404), whatever the id", async () => {
    as("owner");
    const mine = (await create({ url: "https://hooks.example.com/mine" })).body!;
    const delivery = await failedDelivery(mine.id as string);
    as("other");
    expect(await list()).toEqual({ status: 200, body: { webhooks: [] } });
    expect(await remove(mine.id as string)).toEqual({ status: 404, body: NOT_FOUND });
    expect(await deliveries(mine.id as string)).toEqual({ status: 404, body: NOT_FOUND });
    expect(await resend(delivery)).toEqual({ status: 404, body: DELIVERY_NOT_FOUND });
    for (const id of ["nope", "x".repeat(500), randomUUID(), "../../etc/passwd"]) {
      expect(await remove(id)).toEqual({ status: 404, body: NOT_FOUND });
      expect(await deliveries(id)).toEqual({ status: 404, body: NOT_FOUND });
      expect(await resend(id)).toEqual({ status: 404, body: DELIVERY_NOT_FOUND });
    }
    // The owner's workspace does not see their personal webhooks either.
    as("owner", team);
    expect(await list()).toEqual({ status: 200, body: { webhooks: [] } });
    as("owner");
    expect(await remove(mine.id as string)).toEqual({ status: 204, body: null });
  });

  it("lets a workspace's owner and admins manage its webhooks; members and viewers are refused (403), strangers find nothing (404)", async () => {
    as("owner", team);
    const teams = (await create({ url: "https://hooks.example.com/team", events: ["transcription.done"] })).body!;
    expect(teams.workspace_id).toBe(team);
    const delivery = await failedDelivery(teams.id as string);
    as("admin", team);
    expect(await list()).toEqual({ status: 200, body: { webhooks: [teams] } });
    expect((await deliveries(teams.id as string)).status).toBe(200);
    for (const role of ["member", "viewer"]) {
      as(role, team);
      expect(await list()).toEqual({ status: 403, body: ADMINS_ONLY });
      expect(await create({ url: "https://hooks.example.com/sneaky" })).toEqual({ status: 403, body: ADMINS_ONLY });
      expect(await remove(teams.id as string)).toEqual({ status: 403, body: ADMINS_ONLY });
      expect(await deliveries(teams.id as string)).toEqual({ status: 403, body: ADMINS_ONLY });
      expect(await resend(delivery)).toEqual({ status: 403, body: ADMINS_ONLY });
      // In their personal space they see their own webhooks, not the workspace's.
      as(role);
      expect(await list()).toEqual({ status: 200, body: { webhooks: [] } });
    }
    as("stranger");
    expect(await remove(teams.id as string)).toEqual({ status: 404, body: NOT_FOUND });
    expect(await deliveries(teams.id as string)).toEqual({ status: 404, body: NOT_FOUND });
    expect(await resend(delivery)).toEqual({ status: 404, body: DELIVERY_NOT_FOUND });
    as("admin", team);
    expect((await resend(delivery)).status).toBe(202);
    expect(await remove(teams.id as string)).toEqual({ status: 204, body: null });
    as("owner", team);
    expect(await list()).toEqual({ status: 200, body: { webhooks: [] } });
  });

  it("shows a disabled webhook's state and lets whoever manages it enable it again (200); others are refused", async () => {
    as("owner", team);
    const teams = (await create({ url: "https://hooks.example.com/down" })).body!;
    await t.db.update(webhooks).set({ consecutiveFailures: 10, disabledAt: sql`now()`, pausedUntil: sql`now() + interval '1 hour'` }).where(eq(webhooks.id, teams.id as string));
    const [listed] = (await list()).body!.webhooks as Array<Record<string, unknown>>;
    expect(listed).toMatchObject({ state: "disabled", consecutive_failures: 10, paused_until: null, disabled_at: expect.any(String) });
    const delivery = await failedDelivery(teams.id as string);
    expect(await resend(delivery)).toEqual({ status: 409, body: { detail: "This webhook is disabled after failing too often. Enable it again, then resend." } });
    as("member", team);
    expect(await enable(teams.id as string)).toEqual({ status: 403, body: ADMINS_ONLY });
    as("stranger");
    expect(await enable(teams.id as string)).toEqual({ status: 404, body: NOT_FOUND });
    as("admin", team);
    expect(await enable(teams.id as string)).toEqual({ status: 200, body: { ...listed, state: "active", consecutive_failures: 0, disabled_at: null } });
    expect((await resend(delivery)).status).toBe(202);
    expect(await remove(teams.id as string)).toEqual({ status: 204, body: null });
  });

  it("answers 401 to every route without a session", async () => {
    current.user = null;
    const id = randomUUID();
    expect((await list()).status).toBe(401);
    expect((await create({ url: "https://hooks.example.com" })).status).toBe(401);
    expect((await remove(id)).status).toBe(401);
    expect((await deliveries(id)).status).toBe(401);
    expect((await resend(id)).status).toBe(401);
    expect((await enable(id)).status).toBe(401);
  });
});
