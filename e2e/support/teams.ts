import { randomUUID } from "node:crypto";
import type { APIRequestContext, Page } from "@playwright/test";
import { ORIGIN, createUser, expect, logInViaApi, sql, type Credentials } from "./fixtures";
import { seedJfkTranscript } from "./transcripts";

let clientNumber = 0;

/** A person signed up and in on a client of their own (sign-ups are limited per client address). */
export async function signedInPerson(playwright: { request: { newContext: (o: object) => Promise<APIRequestContext> } }, baseURL: string, name: string) {
  const address = `10.77.${Math.floor(Math.random() * 250)}.${++clientNumber}`;
  const client = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { "x-forwarded-for": address } });
  const creds: Credentials = await createUser(client, { name });
  const res = await client.post("/api/auth/sign-in/email", { data: { email: creds.email, password: creds.password }, headers: ORIGIN });
  expect(res.status(), await res.text()).toBe(200);
  return { creds, client };
}

export async function userId(email: string): Promise<string> {
  const [row] = await sql<{ id: string }>("select id from users where email = $1", [email.toLowerCase()]);
  return row.id;
}

export async function addMember(workspaceId: string, email: string, role: string): Promise<void> {
  await sql("insert into workspace_members (id, organization_id, user_id, role) values ($1, $2, $3, $4)", [randomUUID(), workspaceId, await userId(email), role]);
}

export async function onTeamPlan(email: string, seats = 10): Promise<void> {
  await sql(
    "insert into subscriptions (id, user_id, plan_id, status, billing_interval, seats) select 'sub-' || id, id, 'team', 'active', 'monthly', $2 from users where email = $1",
    [email.toLowerCase(), seats],
  );
}

/** The owner changes someone's role behind their back (their open page still shows the old one). */
export async function setRole(workspaceId: string, email: string, role: string): Promise<void> {
  await sql("update workspace_members set role = $3 where organization_id = $1 and user_id = $2", [workspaceId, await userId(email), role]);
}

export interface SeededTeam {
  workspace: string;
  workspaceId: string;
  done: string;
  processing: string;
}

/** A Team-plan owner's workspace holding a finished transcript ("Team call") and one still transcribing. */
export async function seedTeamWorkspace(owner: Credentials): Promise<SeededTeam> {
  await onTeamPlan(owner.email, 5);
  const workspace = `Roles ${randomUUID().slice(0, 6)}`;
  const workspaceId = randomUUID();
  await sql("insert into workspaces (id, name, slug) values ($1, $2, $3)", [workspaceId, workspace, `roles-${workspaceId.slice(0, 8)}`]);
  await addMember(workspaceId, owner.email, "owner");
  const done = await seedJfkTranscript(owner.email, "Team call");
  const processing = await seedJfkTranscript(owner.email, "Still transcribing");
  await sql("update transcriptions set workspace_id = $2, billed_user_id = user_id where id = any($1)", [[done, processing], workspaceId]);
  await sql("update transcriptions set status = 'processing', progress = 40, completed_at = null where id = $1", [processing]);
  return { workspace, workspaceId, done, processing };
}

/** Signs in on the page and shows the workspace (as its switcher would). */
export async function openWorkspace(page: Page, creds: Credentials, t: SeededTeam) {
  await logInViaApi(page, creds);
  const res = await page.request.post("/api/auth/organization/set-active", { headers: ORIGIN, data: { organizationId: t.workspaceId } });
  expect(res.status(), await res.text()).toBe(200);
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { name: `${t.workspace} — workspace` })).toBeVisible();
}
