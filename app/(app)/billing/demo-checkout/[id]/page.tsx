import type { Metadata } from "next";
import { and, eq } from "drizzle-orm";
import { notFound } from "next/navigation";
import { DemoCheckout } from "@/components/billing/demo/demo-checkout";
import { requirePageUser } from "@/lib/auth/page-user";
import { annualPricePerMonth, formatPrice } from "@/lib/billing/pricing";
import { DEFAULT_SEATS, MIN_SEATS, isSeatCount } from "@/lib/billing/seat-count";
import { billingProvider } from "@/lib/billing/provider";
import { checkoutLanguages } from "@/lib/transcription/server-languages";
import { db } from "@/lib/db/client";
import { demoCheckoutSessions, plans } from "@/lib/db/schema";

export const metadata: Metadata = { title: "Test checkout" };

function seatParam(value: string | string[] | undefined, fallback: number): number {
  const n = Number(Array.isArray(value) ? value[0] : value);
  return isSeatCount(n) ? n : fallback;
}

/** The demo provider's checkout: plainly a test payment, no card, no money. */
export default async function DemoCheckoutPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { id } = await params;
  const query = await searchParams;
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
  const each = plan.perSeat ? " per seat" : "";
  const price = annual
    ? `${formatPrice(Number(plan.priceAnnual))}${each} per year (${formatPrice(annualPricePerMonth(Number(plan.priceAnnual)))}${each}/month)`
    : `${formatPrice(Number(plan.priceMonthly))}${each} per month`;
  // As Stripe Checkout's adjustable quantity: the seats start where the plan dialog put them (the URL); the server checks what is sent.
  const seats = plan.perSeat
    ? {
        initial: seatParam(query.seats, DEFAULT_SEATS),
        minimum: seatParam(query.min, MIN_SEATS),
        seatPrice: Number(annual ? plan.priceAnnual : plan.priceMonthly),
        period: annual ? ("year" as const) : ("month" as const),
      }
    : null;
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
        seats={seats}
      />
    </main>
  );
}
