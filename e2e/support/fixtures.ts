import { test as base, expect, type APIRequestContext, type Page } from "@playwright/test";
import { Pool } from "pg";
import type { CaughtMail } from "@/test/support/smtp-catcher";
import { APP_URL, STACK_API } from "./stack-config";

export interface Credentials {
  name: string;
  email: string;
  password: string;
}

let pool: Pool | undefined;
interface StackInfo {
  databaseUrl: string;
  /** the web host's data directory (the worker has its own) */
  dataDir: string;
  /** the S3_* variables of the bucket that holds the audio */
  s3: Record<string, string>;
}
let stack: StackInfo | undefined;

/** Where the e2e server keeps its database and files. */
export async function stackInfo(): Promise<StackInfo> {
  stack ??= (await (await fetch(`${STACK_API}/stack`)).json()) as StackInfo;
  return stack;
}

/** Direct access to the e2e server's PostgreSQL, for arranging state and checking effects. */
export async function sql<T = Record<string, unknown>>(text: string, values: unknown[] = []): Promise<T[]> {
  pool ??= new Pool({ connectionString: (await stackInfo()).databaseUrl, max: 2 });
  return (await pool.query(text, values)).rows as T[];
}

/** Mail the app sent over SMTP to this address, newest last, waiting for one to arrive. */
export async function waitForMail(to: string, subject: RegExp, timeoutMs = 15_000): Promise<CaughtMail> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const list = (await (await fetch(`${STACK_API}/messages?to=${encodeURIComponent(to)}`)).json()) as CaughtMail[];
    const found = list.reverse().find((m) => subject.test(m.subject));
    if (found) return found;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail "${subject}" to ${to} within ${timeoutMs} ms`);
}

export function linkIn(mail: CaughtMail): string {
  const match = /(https?:\/\/\S+)/.exec(mail.text);
  if (!match) throw new Error(`no link in "${mail.subject}"`);
  return match[1];
}

let counter = 0;
export function uniqueEmail(prefix = "user"): string {
  return `${prefix}-${Date.now().toString(36)}-${++counter}@example.com`;
}

/** A per-test client address: rate-limit buckets are per IP, so tests never share one. */
function testIp(): string {
  const n = Math.floor(Math.random() * 250) + 1;
  return `10.${(Date.now() >> 16) & 255}.${(Date.now() >> 8) & 255}.${n}`;
}

export const ORIGIN = { origin: APP_URL };

/**
 * Signs up through the real API, then marks the address verified as clicking the mail link
 * would. The onboarding modal counts as seen (a returning user) unless `onboarding` asks
 * for the first-visit experience.
 */
export async function createUser(
  request: APIRequestContext,
  overrides: Partial<Credentials> = {},
  { onboarding = false }: { onboarding?: boolean } = {},
): Promise<Credentials> {
  const creds: Credentials = { name: "Test User", email: uniqueEmail(), password: "correct horse 9", ...overrides };
  const res = await request.post("/api/auth/sign-up/email", { data: creds, headers: ORIGIN });
  // A retried test finds the fixed addresses (operators) it created on its first run.
  const existedAlready = res.status() === 422 && overrides.email !== undefined;
  if (!existedAlready) expect(res.status(), await res.text()).toBe(200);
  await sql(`update users set email_verified = true${onboarding ? "" : ", onboarding_seen_at = now()"} where email = $1`, [creds.email.toLowerCase()]);
  return creds;
}

export async function logInThroughForm(page: Page, creds: Pick<Credentials, "email" | "password">) {
  await page.getByLabel("Email").fill(creds.email);
  await page.getByLabel("Password", { exact: true }).fill(creds.password);
  await page.getByRole("button", { name: "Log in" }).click();
}

/** Signs in through the API on the page's own cookie jar (faster than the form). */
export async function logInViaApi(page: Page, creds: Pick<Credentials, "email" | "password">) {
  const res = await page.request.post("/api/auth/sign-in/email", { data: creds, headers: ORIGIN });
  expect(res.status(), await res.text()).toBe(200);
}

export const test = base.extend({
  extraHTTPHeaders: async ({}, use) => {
    await use({ "x-forwarded-for": testIp() });
  },
});

export { expect };
