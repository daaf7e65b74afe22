import { like, sql } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { rateLimits } from "@/lib/db/schema";
import { runNextJob } from "@/lib/worker/run-next";
import { BACKENDS, useOpenedDatabase } from "@/test/support/databases";
import { useTestEnv } from "@/test/support/env";
import { firstLink, useSmtpCatcher } from "@/test/support/smtp-catcher";
import { VERIFICATION_MAIL_INTERVAL_SECONDS, sendVerificationLink } from "./verification-mail";

const APP_URL = "http://localhost:3000";
/** The request Better Auth hands over with its call, as its endpoint at `path` received it. */
const during = (path: string) => new Request(`${APP_URL}/api/auth${path}`, { method: "POST" });

describe.each(BACKENDS)("verification mail on %s", (backend, open) => {
  useTestEnv({ MAIL_FROM: "Verbatim <no-reply@verbatim.test>", TRANSCRIBE_ENGINE: "sphinx" });
  const t = useOpenedDatabase(open);
  const smtp = useSmtpCatcher();

  /** Delivers every queued mail over SMTP; the mails `to` received so far. */
  async function inbox(db: Database, to: string) {
    process.env.SMTP_URL = `smtp://127.0.0.1:${smtp.catcher.port}`;
    while (await runNextJob(db, "mail-worker", ["mail"]));
    return smtp.catcher.messages.filter((m) => m.to.includes(to.toLowerCase()));
  }
  /** As if the last verification mail to `email` went `seconds` earlier than it did. */
  const timePasses = (email: string, seconds: number) =>
    t.db
      .update(rateLimits)
      .set({ lastRequest: sql`${rateLimits.lastRequest} - ${seconds * 1000}` })
      .where(like(rateLimits.key, `%|verification-mail|${email.toLowerCase()}`));
  const owner = (email: string) => ({ email, name: "Owner" });

  it("sends one link however often someone signs in to the unconfirmed account, and another once the interval has passed", async () => {
    const email = `signin-${backend}@example.com`;
    for (let i = 0; i < 5; i++) await sendVerificationLink(t.db, owner(email), `${APP_URL}/verify-email?token=attempt-${i}`, during("/sign-in/email"));
    const first = await inbox(t.db, email);
    expect(first.map((m) => m.subject)).toEqual(["Verify your email for Verbatim"]);
    expect(firstLink(first[0])).toBe(`${APP_URL}/verify-email?token=attempt-0`);

    await timePasses(email, VERIFICATION_MAIL_INTERVAL_SECONDS - 10);
    await sendVerificationLink(t.db, owner(email), `${APP_URL}/verify-email?token=too-soon`, during("/sign-in/email"));
    expect(await inbox(t.db, email)).toHaveLength(1);

    await timePasses(email, 11);
    await sendVerificationLink(t.db, owner(email), `${APP_URL}/verify-email?token=later`, during("/sign-in/email"));
    const later = await inbox(t.db, email);
    expect(later).toHaveLength(2);
    expect(firstLink(later[1])).toBe(`${APP_URL}/verify-email?token=later`);
  });

  it("sends the link asked for at sign-up or with 'send it again' every time, and a sign-in right after sign-up sends none", async () => {
    const email = `asked-${backend}@example.com`;
    await sendVerificationLink(t.db, owner(email), `${APP_URL}/verify-email?token=sign-up`, during("/sign-up/email"));
    await sendVerificationLink(t.db, owner(email), `${APP_URL}/verify-email?token=sign-in`, during("/sign-in/email"));
    await sendVerificationLink(t.db, owner(email), `${APP_URL}/verify-email?token=again`, during("/send-verification-email"));
    expect((await inbox(t.db, email)).map(firstLink)).toEqual([`${APP_URL}/verify-email?token=sign-up`, `${APP_URL}/verify-email?token=again`]);
  });

  it("counts addresses in any case as one", async () => {
    await sendVerificationLink(t.db, owner(`Case-${backend}@Example.com`), `${APP_URL}/verify-email?token=a`, during("/sign-in/email"));
    await sendVerificationLink(t.db, owner(`case-${backend}@example.com`), `${APP_URL}/verify-email?token=b`, during("/sign-in/email"));
    expect(await inbox(t.db, `case-${backend}@example.com`)).toHaveLength(1);
  });
});
