import type { APIRequestContext, Page, PlaywrightWorkerArgs } from "@playwright/test";
import { APP_URL, E2E } from "./stack-config";
import { ORIGIN, createUser, expect, logInViaApi, sql, type Credentials } from "./fixtures";

/** An operator account (on the e2e stack's OPERATOR_EMAILS), created on first use. */
export function createOperator(request: APIRequestContext, which: 0 | 1 | 2 = 0): Promise<Credentials> {
  return createUser(request, { email: E2E.operators[which], name: `Operator ${which + 1}` });
}

/** A cookie jar of its own, signed in as `creds` (or anonymous without them). */
export async function clientFor(playwright: PlaywrightWorkerArgs["playwright"], creds?: Pick<Credentials, "email" | "password">): Promise<APIRequestContext> {
  const client = await playwright.request.newContext({ baseURL: APP_URL, extraHTTPHeaders: ORIGIN });
  if (creds) expect((await client.post("/api/auth/sign-in/email", { data: creds })).status()).toBe(200);
  return client;
}

/**
 * A page signed in as an operator, on the admin panel. Sign-in is rate-limited per address,
 * so specs spread their sign-ins over the three operators.
 */
export async function openAdminPanel(page: Page, request: APIRequestContext, tab?: string, which: 0 | 1 | 2 = 0): Promise<Credentials> {
  const operator = await createOperator(request, which);
  await logInViaApi(page, operator);
  await page.goto(tab ? `/admin?tab=${tab}` : "/admin");
  await expect(page.getByRole("heading", { name: "Admin panel" })).toBeVisible();
  return operator;
}

export async function userIdOf(email: string): Promise<string> {
  const [row] = await sql<{ id: string }>("select id from users where email = $1", [email.toLowerCase()]);
  return row.id;
}
