"use client";

import { clsx } from "clsx";
import { useId } from "react";
import { Button } from "@/components/ui/button";
import { offersTrial, planCardLines, trialLine } from "@/lib/billing/plan-feature-lines";
import { annualPricePerMonth, formatPrice, priceUnit } from "@/lib/billing/pricing";
import type { PlanButton } from "./plan-actions";
import type { ApiPlan } from "@/lib/api/contract/billing";
import type { BillingInterval } from "@/lib/billing/subscription-types";

/** One plan of the subscription modal, styled like the landing page's pricing cards and listing the same lines. */
export function PlanCard({
  plan,
  interval,
  button,
  busy,
  trialDays,
  languagesNote,
  unavailable,
  onChoose,
  onViewLanguages,
}: {
  plan: ApiPlan;
  interval: BillingInterval;
  button: PlanButton;
  busy: boolean;
  /** the free trial this user's checkout gets (0: none) */
  trialDays: number;
  /** what this server transcribes of the plan's languages, when fewer than all */
  languagesNote: string | null;
  /** features this server does not give today: said beside their lines */
  unavailable: readonly string[];
  onChoose(): void;
  onViewLanguages(): void;
}) {
  const titleId = useId();
  const annual = interval === "annual";
  const perMonth = annual ? annualPricePerMonth(plan.price_annual) : plan.price_monthly;
  const trial = offersTrial(plan) ? trialLine(trialDays, "signed-in") : null;
  return (
    <li
      data-testid={`plan-card-${plan.id}`}
      aria-labelledby={titleId}
      className={clsx("relative flex flex-col rounded-xl border bg-card p-5", plan.is_popular ? "border-primary shadow-lg" : "border-border")}
    >
      {plan.is_popular && (
        <span className="absolute -top-3 left-5 rounded-full bg-primary px-3 py-0.5 text-xs font-medium text-primary-foreground">Most popular</span>
      )}
      <h3 id={titleId} className="text-lg font-semibold">
        {plan.name}
      </h3>
      {plan.description && <p className="mt-1 text-sm text-muted-foreground">{plan.description}</p>}
      <p className="mt-4">
        <span className="text-3xl font-bold">{formatPrice(perMonth)}</span>
        <span className="text-sm text-muted-foreground">{priceUnit(plan.per_seat)}</span>
      </p>
      <p className="text-xs text-muted-foreground">
        {annual ? `billed ${formatPrice(plan.price_annual)}${plan.per_seat ? " per seat" : ""} yearly` : "billed monthly"}
        {plan.per_seat && "; choose the seats at checkout"}
      </p>
      {trial && <p className="mt-1 text-xs font-medium text-accent">{trial}</p>}
      <ul className="mt-4 flex flex-col gap-1.5 text-sm" aria-label={`${plan.name} includes`}>
        {planCardLines(plan, languagesNote, unavailable).map((line) => (
          <li key={line.text} className="flex items-start gap-2">
            <svg aria-hidden viewBox="0 0 20 20" className="mt-0.5 h-4 w-4 shrink-0 fill-primary">
              <path d="M8.1 13.6 4.5 10l-1.4 1.4 5 5 9-9-1.4-1.4z" />
            </svg>
            <span className="first-letter:uppercase">
              {line.text}
              {line.note && <span className="block text-xs text-muted-foreground">{line.note}</span>}
            </span>
          </li>
        ))}
      </ul>
      <Button variant="ghost" size="sm" className="mt-3 self-start px-2 text-accent" aria-describedby={titleId} onClick={onViewLanguages}>
        View Languages
      </Button>
      <div className="mt-auto pt-5">
        <Button
          className="w-full"
          variant={button.disabled ? "secondary" : "primary"}
          disabled={button.disabled || busy}
          aria-describedby={titleId}
          onClick={onChoose}
        >
          {button.label}
        </Button>
      </div>
    </li>
  );
}
