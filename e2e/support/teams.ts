import { randomUUID } from "node:crypto";
import type { APIRequestContext } from "@playwright/test";
import { ORIGIN, createUser, expect, sql, type Credentials } from "./fixtures";

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
