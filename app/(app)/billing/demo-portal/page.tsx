import type { Metadata } from "next";
import Link from "next/link";
import { desc, eq } from "drizzle-orm";
import { notFound } from "next/navigation";
import { requirePageUser } from "@/lib/auth/page-user";
import { billingProvider } from "@/lib/billing/provider";
import { db } from "@/lib/db/client";
import { billingEvents } from "@/lib/db/schema";

export const metadata: Metadata = { title: "Test billing" };

/** The demo provider's "billing portal": no card on file, the billing history as it happened. */
export default async function DemoPortalPage() {
  const user = await requirePageUser(db(), "/billing/demo-portal");
  if (!billingProvider().testPayments) notFound();
  const events = await db().select().from(billingEvents).where(eq(billingEvents.userId, user.id)).orderBy(desc(billingEvents.createdAt)).limit(100);
  return (
    <main className="mx-auto flex max-w-2xl flex-col gap-4 px-4 py-10">
      <p className="rounded-md border-2 border-dashed border-amber-500 bg-amber-100/60 px-3 py-2 text-sm font-semibold text-amber-900 dark:bg-amber-900/30 dark:text-amber-200">
        TEST MODE — this server has no Stripe key: no card is stored and nothing is charged.
      </p>
      <h1 className="text-2xl font-semibold">Billing</h1>
      <p className="text-sm text-muted-foreground">Payment method: none (test payments). Change your plan or cancel from your account page.</p>
      <h2 className="mt-2 text-lg font-semibold">Billing history</h2>
      {events.length === 0 ? (
        <p className="text-sm text-muted-foreground">No billing events yet.</p>
      ) : (
        <ul className="flex flex-col divide-y divide-border rounded-lg border border-border text-sm" data-testid="billing-history">
          {events.map((e) => (
            <li key={e.id} className="flex justify-between gap-4 px-3 py-2">
              <span>{e.description}</span>
              <time className="shrink-0 text-muted-foreground" dateTime={e.createdAt.toISOString()}>{e.createdAt.toISOString().slice(0, 10)}</time>
            </li>
          ))}
        </ul>
      )}
      <Link href="/account" className="text-sm text-accent hover:underline">← Back to account</Link>
    </main>
  );
}
