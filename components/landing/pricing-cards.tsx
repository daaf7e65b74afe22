import Link from "next/link";
import { clsx } from "clsx";
import { Button } from "@/components/ui/button";
import { coverageNote, planLanguages } from "@/lib/billing/language-coverage";
import { offersTrial, planCardLines, trialLine } from "@/lib/billing/plan-feature-lines";
import { annualPricePerMonth, formatPrice, priceUnit } from "@/lib/billing/pricing";
import type { PlansAnswer } from "@/lib/api/contract/billing";

/** A paid plan's button leads to its checkout, through sign-up first for a visitor: the choice is kept. */
function planLink(plan: PlansAnswer["plans"][number], signedIn: boolean): string {
  if (plan.price_monthly === 0) return signedIn ? "/dashboard" : "/signup";
  const checkout = `/billing/checkout/${encodeURIComponent(plan.id)}`;
  return signedIn ? checkout : `/signup?next=${encodeURIComponent(checkout)}`;
}

/**
 * The plan cards of the landing page, straight from the plan data operators edit: the same
 * lines as the change-plan dialog's cards, with what this server transcribes today.
 */
export function PricingCards({ catalogue, signedIn }: { catalogue: PlansAnswer; signedIn: boolean }) {
  const { plans, language_tiers: tiers, transcribed_languages: transcribed, support_email: supportEmail, trial_days: trialDays, unavailable_features: unavailable } = catalogue;
  return (
    <ul className="mt-10 grid gap-6 md:grid-cols-2 lg:grid-cols-4">
      {plans.map((plan) => {
        // A plan sold by contract (enterprise): a label, no checkout.
        const labelOnly = !plan.checkout_enabled && !plan.is_default;
        const trial = offersTrial(plan) ? trialLine(trialDays, "visitor") : null;
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
                  <span className="text-sm text-muted-foreground">{priceUnit(plan.per_seat)}</span>
                </>
              )}
            </p>
            {!labelOnly && plan.price_annual > 0 && (
              <p className="text-xs text-muted-foreground">or {formatPrice(annualPricePerMonth(plan.price_annual))}{priceUnit(plan.per_seat)} billed annually</p>
            )}
            {trial && <p className="mt-1 text-xs font-medium text-accent">{trial}</p>}
            <ul className="mt-4 flex flex-col gap-1.5 text-sm">
              {planCardLines(plan, coverageNote(planLanguages(plan, tiers), transcribed), unavailable).map((line) => (
                <li key={line.text} className="first-letter:uppercase">
                  {line.text}
                  {line.note && <span className="block text-xs text-muted-foreground">{line.note}</span>}
                </li>
              ))}
            </ul>
            <Button asChild variant={plan.is_popular ? "primary" : "secondary"} className="mt-6">
              {labelOnly ? (
                <a href={`mailto:${supportEmail}?subject=${encodeURIComponent("Verbatim Enterprise")}`}>Contact us</a>
              ) : (
                <Link href={planLink(plan, signedIn)}>{plan.price_monthly === 0 ? "Start free" : `Choose ${plan.name}`}</Link>
              )}
            </Button>
          </li>
        );
      })}
    </ul>
  );
}
