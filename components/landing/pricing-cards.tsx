import Link from "next/link";
import { clsx } from "clsx";
import { Button } from "@/components/ui/button";
import { FEATURE_LABELS, isFeatureKey } from "@/lib/billing/features";
import { annualPricePerMonth, formatPrice } from "@/lib/billing/pricing";
import { planLanguageCount } from "@/lib/billing/plans";
import type { LanguageTier, Plan } from "@/lib/db/schema";

/** The plan cards of the landing page, straight from the plan data operators edit. */
export function PricingCards({
  plans,
  tiers,
  signedIn,
  supportEmail,
}: {
  plans: Plan[];
  tiers: LanguageTier[];
  signedIn: boolean;
  supportEmail: string;
}) {
  return (
    <ul className="mt-10 grid gap-6 md:grid-cols-2 lg:grid-cols-4">
      {plans.map((plan) => {
        // A plan sold by contract (enterprise): a label, no checkout.
        const labelOnly = !plan.checkoutEnabled && !plan.isDefault;
        return (
          <li
            key={plan.id}
            data-testid={`plan-${plan.id}`}
            className={clsx("relative flex flex-col rounded-xl border bg-card p-6", plan.isPopular ? "border-primary shadow-lg" : "border-border")}
          >
            {plan.isPopular && (
              <span className="absolute -top-3 left-6 rounded-full bg-primary px-3 py-0.5 text-xs font-medium text-primary-foreground">Most popular</span>
            )}
            <h3 className="text-lg font-semibold">{plan.name}</h3>
            <p className="mt-1 min-h-10 text-sm text-muted-foreground">{plan.description}</p>
            <p className="mt-4">
              {labelOnly ? (
                <span className="text-3xl font-bold">Contact us</span>
              ) : (
                <>
                  <span className="text-3xl font-bold">{formatPrice(plan.priceMonthly)}</span>
                  <span className="text-sm text-muted-foreground"> / month</span>
                </>
              )}
            </p>
            {!labelOnly && plan.priceAnnual > 0 && (
              <p className="text-xs text-muted-foreground">or {formatPrice(annualPricePerMonth(plan.priceAnnual))} / month billed annually</p>
            )}
            <ul className="mt-4 flex flex-col gap-1.5 text-sm">
              <li>{plan.hoursPerMonth === null ? "Hours to fit your team" : `${plan.hoursPerMonth} hours of audio per month`}</li>
              <li>{planLanguageCount(plan, tiers)} languages</li>
              {plan.features.filter(isFeatureKey).map((key) => (
                <li key={key}>{FEATURE_LABELS[key]}</li>
              ))}
            </ul>
            <Button asChild variant={plan.isPopular ? "primary" : "secondary"} className="mt-6">
              {labelOnly ? (
                <a href={`mailto:${supportEmail}?subject=${encodeURIComponent("Verbatim Enterprise")}`}>Contact us</a>
              ) : (
                <Link href={signedIn ? "/dashboard" : "/signup"}>{plan.priceMonthly === 0 ? "Start free" : `Choose ${plan.name}`}</Link>
              )}
            </Button>
          </li>
        );
      })}
    </ul>
  );
}
