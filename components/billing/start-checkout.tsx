"use client";

import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import type { BillingInterval } from "@/lib/billing/subscription-types";
import { createCheckoutSession } from "./api";
import { goTo } from "./browser";
import { CHECKOUT_START_FAILED } from "./plan-actions";

interface StartCheckoutProps {
  planId: string;
  planName: string;
  perSeat: boolean;
  initialInterval: BillingInterval;
  /** each interval's price as shown; annual is null when the plan has no annual price */
  prices: { monthly: string; annual: string | null };
}

/** The plan a visitor chose on the landing page: pick monthly or annual, then on to checkout. */
export function StartCheckout({ planId, planName, perSeat, initialInterval, prices }: StartCheckoutProps) {
  const [interval, setBillingInterval] = useState<BillingInterval>(initialInterval);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");

  async function start() {
    setBusy(true);
    setError("");
    const result = await createCheckoutSession(planId, interval);
    if (result.ok && result.checkoutUrl) return goTo(result.checkoutUrl);
    setBusy(false);
    setError((!result.ok && result.detail) || CHECKOUT_START_FAILED);
  }

  return (
    <div className="flex flex-col gap-4">
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">Billing</legend>
        {(["monthly", "annual"] as const).map((value) =>
          prices[value] ? (
            <label key={value} className="flex items-center gap-2 rounded-md border border-border p-3">
              <input type="radio" name="interval" value={value} checked={interval === value} onChange={() => setBillingInterval(value)} />
              <span>
                {value === "monthly" ? "Monthly" : "Annual"}: {prices[value]}
              </span>
            </label>
          ) : null,
        )}
      </fieldset>
      {perSeat && <p className="text-sm text-muted-foreground">You choose how many seats on the checkout page; its total is shown there before you pay.</p>}
      {error && <Alert>{error}</Alert>}
      <Button onClick={start} disabled={busy}>
        {busy ? "Starting checkout…" : `Continue to checkout for ${planName}`}
      </Button>
    </div>
  );
}
