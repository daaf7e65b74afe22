import { randomUUID } from "node:crypto";
import type { APIRequestContext, APIResponse } from "@playwright/test";
import { ORIGIN, expect, sql, test, type Credentials } from "./support/fixtures";
import { addMember, onTeamPlan, signedInPerson } from "./support/teams";
import { seedJfkTranscript } from "./support/transcripts";

/**
 * Who reaches what, through the real server: every transcription route, asked by each kind of
 * caller about a workspace's transcript and its owner's personal one. A caller who may not
 * even know the transcript exists gets 404 (never 403: nothing is learned by guessing); a
 * member who can read but not do this gets 403 with a sentence.
 */

type Who = "owner" | "member" | "viewer" | "exMember" | "otherWorkspace" | "stranger" | "strangerKey" | "workspaceReadKey" | "shareToken";

interface Caller {
  client: APIRequestContext;
  headers: Record<string, string>;
}

const READ = 200;
const NO = 404;
const DENIED = 403;
const NO_KEY = 401;

interface Step {
  name: string;
  send: (c: Caller, id: string) => Promise<APIResponse>;
  /** what each caller gets for the workspace's transcript */
  expect: Record<Who, number>;
}

const text = (c: Caller, id: string) => c.client.get(`/api/transcriptions/${id}`, { headers: c.headers });

// Keys reach only the routes that take them (get, list, export, upload, rename, cancel, delete, share links);
// a share token is never a key. The read key is the workspace's (made by its owner).
const STEPS: Step[] = [
  {
    name: "GET transcript",
    send: text,
    expect: { owner: READ, member: READ, viewer: READ, exMember: NO, otherWorkspace: NO, stranger: NO, strangerKey: NO, workspaceReadKey: READ, shareToken: NO_KEY },
  },
  {
    name: "GET audio",
    send: (c, id) => c.client.get(`/api/transcriptions/${id}/audio`, { headers: c.headers }),
    expect: { owner: READ, member: READ, viewer: READ, exMember: NO, otherWorkspace: NO, stranger: NO, strangerKey: NO, workspaceReadKey: READ, shareToken: NO_KEY },
  },
  {
    name: "export TXT",
    send: (c, id) => c.client.get(`/api/transcriptions/${id}/export?format=txt`, { headers: c.headers }),
    expect: { owner: READ, member: READ, viewer: READ, exMember: NO, otherWorkspace: NO, stranger: NO, strangerKey: NO, workspaceReadKey: READ, shareToken: NO_KEY },
  },
  {
    name: "GET speakers",
    send: (c, id) => c.client.get(`/api/transcriptions/${id}/speakers`, { headers: c.headers }),
    expect: { owner: READ, member: READ, viewer: READ, exMember: NO, otherWorkspace: NO, stranger: NO, strangerKey: NO_KEY, workspaceReadKey: NO_KEY, shareToken: NO_KEY },
  },
  {
    name: "GET format",
    send: (c, id) => c.client.get(`/api/transcriptions/${id}/format`, { headers: c.headers }),
    expect: { owner: READ, member: READ, viewer: READ, exMember: NO, otherWorkspace: NO, stranger: NO, strangerKey: NO_KEY, workspaceReadKey: NO_KEY, shareToken: NO_KEY },
  },
  {
    name: "rename",
    send: (c, id) => c.client.patch(`/api/transcriptions/${id}`, { headers: { ...ORIGIN, ...c.headers }, data: { title: "Renamed by a test" } }),
    expect: { owner: READ, member: READ, viewer: DENIED, exMember: NO, otherWorkspace: NO, stranger: NO, strangerKey: NO, workspaceReadKey: DENIED, shareToken: NO_KEY },
  },
  {
    name: "save a segment",
    send: async (c, id) => {
      const [{ version }] = await sql<{ version: number }>("select version from transcriptions where id = $1", [id]);
      return c.client.patch(`/api/transcriptions/${id}/segments`, {
        headers: { ...ORIGIN, ...c.headers },
        data: { base_version: version, changes: [{ position: 0, text: "and so my fellow americans" }] },
      });
    },
    expect: { owner: READ, member: READ, viewer: DENIED, exMember: NO, otherWorkspace: NO, stranger: NO, strangerKey: NO_KEY, workspaceReadKey: NO_KEY, shareToken: NO_KEY },
  },
  {
    name: "rename speakers",
    send: async (c, id) => {
      const [{ version }] = await sql<{ version: number }>("select version from transcriptions where id = $1", [id]);
      return c.client.patch(`/api/transcriptions/${id}/speakers`, { headers: { ...ORIGIN, ...c.headers }, data: { base_version: version, renames: [] } });
    },
    // Those who may get past access to the body's own rule (nothing to rename: 422).
    expect: { owner: 422, member: 422, viewer: DENIED, exMember: NO, otherWorkspace: NO, stranger: NO, strangerKey: NO_KEY, workspaceReadKey: NO_KEY, shareToken: NO_KEY },
  },
  {
    name: "cancel (finished: a conflict for those who may)",
    send: (c, id) => c.client.post(`/api/transcriptions/${id}/cancel`, { headers: { ...ORIGIN, ...c.headers } }),
    expect: { owner: 409, member: 409, viewer: DENIED, exMember: NO, otherWorkspace: NO, stranger: NO, strangerKey: NO, workspaceReadKey: DENIED, shareToken: NO_KEY },
  },
  {
    name: "list its share links",
    send: (c, id) => c.client.get(`/api/transcriptions/${id}/share-links`, { headers: c.headers }),
    // Share links take a write key of the transcript's space: a read key is refused, another space's key finds nothing.
    expect: { owner: READ, member: DENIED, viewer: DENIED, exMember: NO, otherWorkspace: NO, stranger: NO, strangerKey: NO, workspaceReadKey: DENIED, shareToken: NO_KEY },
  },
  {
    name: "delete (the member did not upload it)",
    send: (c, id) => c.client.delete(`/api/transcriptions/${id}`, { headers: { ...ORIGIN, ...c.headers } }),
    expect: { owner: READ, member: DENIED, viewer: DENIED, exMember: NO, otherWorkspace: NO, stranger: NO, strangerKey: NO, workspaceReadKey: DENIED, shareToken: NO_KEY },
  },
];

test("the isolation matrix: every transcription route × who asks", async ({ playwright, baseURL }) => {
  test.setTimeout(180_000);
  const names = { owner: "Olivia Owner", member: "Max Member", viewer: "Vera Viewer", exMember: "Eric Former", otherWorkspace: "Otto Other", stranger: "Sam Stranger" };
  const signedIn = Object.fromEntries(
    await Promise.all(Object.entries(names).map(async ([who, name]) => [who, await signedInPerson(playwright, baseURL!, name)] as const)),
  ) as Record<keyof typeof names, { creds: Credentials; client: APIRequestContext }>;
  const people = Object.fromEntries(Object.entries(signedIn).map(([who, p]) => [who, p.creds])) as Record<keyof typeof names, Credentials>;
  const clients = Object.fromEntries(Object.entries(signedIn).map(([who, p]) => [who, p.client])) as Record<keyof typeof names, APIRequestContext>;
  await onTeamPlan(people.owner.email);
  await onTeamPlan(people.otherWorkspace.email);

  // The owner makes the workspace through Better Auth's organization plugin, as the app does.
  const created = await clients.owner.post("/api/auth/organization/create", { headers: ORIGIN, data: { name: "Acme", slug: `acme-${randomUUID().slice(0, 8)}` } });
  expect(created.status(), await created.text()).toBe(200);
  const workspaceId = ((await created.json()) as { id: string }).id;
  const other = await clients.otherWorkspace.post("/api/auth/organization/create", { headers: ORIGIN, data: { name: "Other", slug: `other-${randomUUID().slice(0, 8)}` } });
  expect(other.status()).toBe(200);
  await addMember(workspaceId, people.member.email, "member");
  await addMember(workspaceId, people.viewer.email, "viewer");
  await addMember(workspaceId, people.exMember.email, "member");

  const teamId = await seedJfkTranscript(people.owner.email, "Team call");
  await sql("update transcriptions set workspace_id = $2, billed_user_id = user_id where id = $1", [teamId, workspaceId]);
  const personalId = await seedJfkTranscript(people.owner.email, "Owner's diary");

  // The ex-member was in, and is removed through the plugin: access ends with the next request.
  expect((await text({ client: clients.exMember, headers: {} }, teamId)).status()).toBe(200);
  const removed = await clients.owner.post("/api/auth/organization/remove-member", { headers: ORIGIN, data: { memberIdOrEmail: people.exMember.email, organizationId: workspaceId } });
  expect(removed.status(), await removed.text()).toBe(200);

  // API keys: a stranger's write key, and a read key the member made in the workspace.
  const strangerKey = await clients.stranger.post("/api/api-keys", { headers: ORIGIN, data: { name: "script", scope: "write" } });
  expect(strangerKey.status(), await strangerKey.text()).toBe(201);
  // Only its owner and admins make a workspace's keys; the owner's read key is the workspace's, not the owner's.
  await clients.member.post("/api/auth/organization/set-active", { headers: ORIGIN, data: { organizationId: workspaceId } });
  expect((await clients.member.post("/api/api-keys", { headers: ORIGIN, data: { name: "mine", scope: "read" } })).status()).toBe(403);
  await clients.owner.post("/api/auth/organization/set-active", { headers: ORIGIN, data: { organizationId: workspaceId } });
  const memberKey = await clients.owner.post("/api/api-keys", { headers: ORIGIN, data: { name: "reader", scope: "read" } });
  expect(memberKey.status(), await memberKey.text()).toBe(201);
  await clients.owner.post("/api/auth/organization/set-active", { headers: ORIGIN, data: { organizationId: null } });

  // A share link of the workspace's transcript, made by its owner: its token is no key.
  const link = await clients.owner.post(`/api/transcriptions/${teamId}/share-links`, { headers: ORIGIN, data: { allow_export: true, show_speakers: true, expires_in_days: null } });
  expect(link.status(), await link.text()).toBe(201);
  const shareToken = ((await link.json()) as { url: string }).url.split("#")[1];

  const bare = await playwright.request.newContext({ baseURL });
  const callers: Record<Who, Caller> = {
    owner: { client: clients.owner, headers: {} },
    member: { client: clients.member, headers: {} },
    viewer: { client: clients.viewer, headers: {} },
    exMember: { client: clients.exMember, headers: {} },
    otherWorkspace: { client: clients.otherWorkspace, headers: {} },
    stranger: { client: clients.stranger, headers: {} },
    strangerKey: { client: bare, headers: { authorization: `Bearer ${((await strangerKey.json()) as { token: string }).token}` } },
    workspaceReadKey: { client: bare, headers: { authorization: `Bearer ${((await memberKey.json()) as { token: string }).token}` } },
    shareToken: { client: bare, headers: { authorization: `Bearer ${shareToken}` } },
  };

  const got: string[] = [];
  const wanted: string[] = [];
  for (const step of STEPS) {
    for (const who of Object.keys(callers) as Who[]) {
      // Deleting goes last for the owner (the others are refused and change nothing).
      if (step.name.startsWith("delete") && who === "owner") continue;
      const res = await step.send(callers[who], teamId);
      got.push(`${step.name} × ${who}: ${res.status()}`);
      wanted.push(`${step.name} × ${who}: ${step.expect[who]}`);
      if (res.status() >= 400 && res.status() !== 401) expect((await res.json()) as { detail?: string }, `${step.name} × ${who}`).toHaveProperty("detail");
    }
  }
  expect(got).toEqual(wanted);

  // The owner's personal transcript: no workspace mate, key or stranger reaches it — not even
  // the owner's own workspace key, which reaches its workspace only.
  for (const who of ["member", "viewer", "exMember", "otherWorkspace", "stranger", "strangerKey", "workspaceReadKey"] as Who[]) {
    expect((await text(callers[who], personalId)).status(), `personal × ${who}`).toBe(404);
    const list = await callers[who].client.get("/api/transcriptions?q=americans", { headers: callers[who].headers });
    const titles = ((await list.json()) as { transcriptions?: Array<{ id: string }> }).transcriptions?.map((t) => t.id) ?? [];
    expect(titles, `search × ${who}`).not.toContain(personalId);
  }

  // Lists: the workspace's list holds the team's transcript for its members only.
  await clients.viewer.post("/api/auth/organization/set-active", { headers: ORIGIN, data: { organizationId: workspaceId } });
  const viewerList = (await (await clients.viewer.get("/api/transcriptions")).json()) as { transcriptions: Array<{ id: string }> };
  expect(viewerList.transcriptions.map((t) => t.id)).toEqual([teamId]);
  const memberKeyList = (await (await bare.get("/api/transcriptions", { headers: callers.workspaceReadKey.headers })).json()) as { transcriptions: Array<{ id: string }> };
  expect(memberKeyList.transcriptions.map((t) => t.id)).toEqual([teamId]);
  for (const who of ["exMember", "otherWorkspace", "stranger"] as const) {
    // Choosing a workspace one does not belong to is refused, and the list stays one's own.
    const chose = await clients[who].post("/api/auth/organization/set-active", { headers: ORIGIN, data: { organizationId: workspaceId } });
    expect(chose.status(), `set-active × ${who}`).toBeGreaterThanOrEqual(400);
    const list = (await (await clients[who].get("/api/transcriptions")).json()) as { transcriptions: Array<{ id: string }> };
    expect(list.transcriptions.map((t) => t.id), `list × ${who}`).not.toContain(teamId);
  }
  // The workspace's people and invitations are its members' business only.
  for (const who of ["exMember", "otherWorkspace", "stranger"] as const) {
    const members = await clients[who].get(`/api/auth/organization/list-members?organizationId=${workspaceId}`);
    expect(members.status(), `list-members × ${who}`).toBeGreaterThanOrEqual(400);
  }

  // The owner deletes it last; a guessed id of the same shape is no different from a deleted one.
  expect((await clients.owner.delete(`/api/transcriptions/${teamId}`, { headers: ORIGIN })).status()).toBe(200);
  expect((await text(callers.member, teamId)).status()).toBe(404);
  expect((await text(callers.member, randomUUID())).status()).toBe(404);

  await bare.dispose();
  for (const client of Object.values(clients)) await client.dispose();
});
