import type { Metadata } from "next";
import Link from "next/link";
import { StartCheckout } from "@/components/billing/start-checkout";
import { Alert } from "@/components/ui/alert";
import { requirePageUser } from "@/lib/auth/page-user";
import { sellablePlan } from "@/lib/billing/plan-changes";
import { annualPricePerMonth, formatPrice, priceUnit } from "@/lib/billing/pricing";
import { db } from "@/lib/db/client";

export const metadata: Metadata = { title: "Checkout", robots: { index: false } };

const NOT_ON_SALE = "This plan cannot be bought online. Choose another plan from your dashboard.";

/**
 * Where a plan chosen on the landing page leads (through sign-up and the verification mail
 * when needed): the plan, monthly or annual, and the way to its checkout. Checkout starts on
 * a click, never on opening the page, so a link opened twice starts nothing twice.
 */
export default async function CheckoutChoicePage({ params, searchParams }: { params: Promise<{ plan: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { plan: planId } = await params;
  const { interval } = await searchParams;
  await requirePageUser(db(), `/billing/checkout/${encodeURIComponent(planId)}`);
  const plan = planId.length <= 64 ? await sellablePlan(db(), planId) : undefined;
  if (!plan) {
    return (
      <main className="mx-auto flex max-w-lg flex-col gap-4 px-4 py-12">
        <h1 className="text-2xl font-semibold">Checkout</h1>
        <Alert tone="info">{NOT_ON_SALE}</Alert>
        <Link href="/dashboard" className="text-sm text-accent underline">
          Go to your dashboard
        </Link>
      </main>
    );
  }
  const monthly = Number(plan.priceMonthly);
  const annual = Number(plan.priceAnnual);
  return (
    <main className="mx-auto flex max-w-lg flex-col gap-4 px-4 py-12">
      <h1 className="text-2xl font-semibold">Start {plan.name}</h1>
      <p className="text-muted-foreground">{plan.description}</p>
      <StartCheckout
        planId={plan.id}
        planName={plan.name}
        perSeat={plan.perSeat}
        initialInterval={interval === "annual" && annual > 0 ? "annual" : "monthly"}
        prices={{
          monthly: `${formatPrice(monthly)}${priceUnit(plan.perSeat)}`,
          annual: annual > 0 ? `${formatPrice(annual)}${priceUnit(plan.perSeat, "year")} (${formatPrice(annualPricePerMonth(annual))}${priceUnit(plan.perSeat)})` : null,
        }}
      />
    </main>
  );
}
