import Link from "next/link";
import { clsx } from "clsx";
import { Button } from "@/components/ui/button";
import { FEATURE_LABELS, isFeatureKey } from "@/lib/billing/features";
import { annualPricePerMonth, formatPrice } from "@/lib/billing/pricing";
import type { ApiPlan } from "@/lib/api/contract/billing";

/** The plan cards of the landing page, straight from the plan data operators edit. */
export function PricingCards({ plans, signedIn, supportEmail }: { plans: ApiPlan[]; signedIn: boolean; supportEmail: string }) {
  return (
    <ul className="mt-10 grid gap-6 md:grid-cols-2 lg:grid-cols-4">
      {plans.map((plan) => {
        // A plan sold by contract (enterprise): a label, no checkout.
        const labelOnly = !plan.checkout_enabled && !plan.is_default;
        return (
          <li
            key={plan.id}
            data-testid={`plan-${plan.id}`}
            className={clsx("relative flex flex-col rounded-xl border bg-card p-6", plan.is_popular ? "border-primary shadow-lg" : "border-border")}
          >
            {plan.is_popular && (
              <span className="absolute -top-3 left-6 rounded-full bg-primary px-3 py-0.5 text-xs font-medium text-primary-foreground">Most popular</span>
            )}
            <h3 className="text-lg font-semibold">{plan.name}</h3>
            <p className="mt-1 min-h-10 text-sm text-muted-foreground">{plan.description}</p>
            <p className="mt-4">
              {labelOnly ? (
                <span className="text-3xl font-bold">Contact us</span>
              ) : (
                <>
                  <span className="text-3xl font-bold">{formatPrice(plan.price_monthly)}</span>
                  <span className="text-sm text-muted-foreground"> / month</span>
                </>
              )}
            </p>
            {!labelOnly && plan.price_annual > 0 && (
              <p className="text-xs text-muted-foreground">or {formatPrice(annualPricePerMonth(plan.price_annual))} / month billed annually</p>
            )}
            <ul className="mt-4 flex flex-col gap-1.5 text-sm">
              <li>{plan.hours_per_month === null ? "Hours to fit your team" : `${plan.hours_per_month} hours of audio per month`}</li>
              <li>{plan.language_count} languages</li>
              {plan.features.filter(isFeatureKey).map((key) => (
                <li key={key}>{FEATURE_LABELS[key]}</li>
              ))}
            </ul>
            <Button asChild variant={plan.is_popular ? "primary" : "secondary"} className="mt-6">
              {labelOnly ? (
                <a href={`mailto:${supportEmail}?subject=${encodeURIComponent("Verbatim Enterprise")}`}>Contact us</a>
              ) : (
                <Link href={signedIn ? "/dashboard" : "/signup"}>{plan.price_monthly === 0 ? "Start free" : `Choose ${plan.name}`}</Link>
              )}
            </Button>
          </li>
        );
      })}
    </ul>
  );
}
