import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { expect, uniqueEmail } from "./fixtures";
import { E2E, EMBEDDED_URL } from "./stack-config";

const PASSWORD = "correct horse 9";

interface SignedIn {
  email: string;
  id: string;
  cookies: Awaited<ReturnType<ReturnType<Page["context"]>["cookies"]>>;
}

// One user for all the tests of a run: the embedded app sees every test as 127.0.0.1, and
// its per-address limits (5 sign-ups a minute) are real. Later tests take its session cookie.
let shared: Promise<SignedIn> | undefined;

/**
 * A verified, signed-in user of the embedded app (`npm start`'s defaults), made once the way
 * a person does it: sign up, take the link from the dev outbox, confirm. Its database is
 * PGlite inside the app, so nothing is arranged behind its back. The plan offer counts as seen.
 */
export async function embeddedUser(page: Page): Promise<{ email: string; id: string }> {
  shared ??= signUp(page).catch((error: unknown) => {
    shared = undefined;
    throw error;
  });
  const user = await shared;
  await page.context().addCookies(user.cookies);
  return { email: user.email, id: user.id };
}

async function signUp(page: Page): Promise<SignedIn> {
  const email = uniqueEmail("embedded-large");
  const headers = { origin: EMBEDDED_URL };
  const signUp = await page.request.post(`${EMBEDDED_URL}/api/auth/sign-up/email`, { data: { name: "Large Files", email, password: PASSWORD }, headers });
  expect(signUp.status(), await signUp.text()).toBe(200);
  const outbox = path.join(E2E.embeddedDataDir, "dev-outbox.jsonl");
  const token = () => {
    const lines = existsSync(outbox) ? readFileSync(outbox, "utf8").trim().split("\n") : [];
    const mail = lines.map((l) => JSON.parse(l) as { to: string; text: string }).findLast((m) => m.to === email);
    return mail ? /token=([^\s&]+)/.exec(mail.text)?.[1] ?? null : null;
  };
  await expect.poll(token, { timeout: 15_000 }).not.toBeNull();
  const confirmed = await page.request.post(`${EMBEDDED_URL}/api/account/confirm-email`, { data: { token: token(), password: PASSWORD }, headers });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  await page.request.post(`${EMBEDDED_URL}/api/subscriptions/onboarding-seen`, { headers });
  const me = (await (await page.request.get(`${EMBEDDED_URL}/api/me`)).json()) as { id: string };
  return { email, id: me.id, cookies: await page.context().cookies(EMBEDDED_URL) };
}
