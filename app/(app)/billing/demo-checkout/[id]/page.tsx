import type { Metadata } from "next";
import { and, eq } from "drizzle-orm";
import { notFound } from "next/navigation";
import { DemoCheckout } from "@/components/billing-demo/demo-checkout";
import { requirePageUser } from "@/lib/auth/page-user";
import { annualPricePerMonth, formatPrice } from "@/lib/billing/pricing";
import { billingProvider } from "@/lib/billing/provider";
import { checkoutLanguages } from "@/lib/transcription/server-languages";
import { db } from "@/lib/db/client";
import { demoCheckoutSessions, plans } from "@/lib/db/schema";

export const metadata: Metadata = { title: "Test checkout" };

/** The demo provider's checkout: plainly a test payment, no card, no money. */
export default async function DemoCheckoutPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const user = await requirePageUser(db(), `/billing/demo-checkout/${encodeURIComponent(id)}`);
  if (!billingProvider().testPayments) notFound();
  const [row] = await db()
    .select({ session: demoCheckoutSessions, plan: plans })
    .from(demoCheckoutSessions)
    .innerJoin(plans, eq(plans.id, demoCheckoutSessions.planId))
    .where(and(eq(demoCheckoutSessions.id, id), eq(demoCheckoutSessions.userId, user.id)));
  if (!row) notFound();
  const { session, plan } = row;
  const annual = session.billingInterval === "annual";
  const price = annual
    ? `${formatPrice(Number(plan.priceAnnual))} per year (${formatPrice(annualPricePerMonth(Number(plan.priceAnnual)))}/month)`
    : `${formatPrice(Number(plan.priceMonthly))} per month`;
  const languages = await checkoutLanguages(db(), plan);
  return (
    <main className="mx-auto max-w-lg px-4 py-12">
      <DemoCheckout
        sessionId={session.id}
        status={session.status}
        planName={plan.name}
        price={price}
        trialDays={session.trialDays}
        languageCount={languages.count}
        languagesNote={languages.note}
        email={user.email}
      />
    </main>
  );
}
