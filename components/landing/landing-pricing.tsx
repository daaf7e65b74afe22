"use client";

import dynamic from "next/dynamic";
import { useEffect, useState } from "react";
import { useSession } from "@/components/session/session-provider";
import type { PlansAnswer } from "@/lib/api/contract/billing";

// Shown once the plans are read, so its code (the plan lines and the gate table they come
// from) loads beside them rather than in the page's first load.
const loadCards = () => import("./pricing-cards").then((m) => m.PricingCards);
const PricingCards = dynamic(loadCards, { loading: Loading });

function Loading() {
  return <p className="mt-10 min-h-96 text-center text-muted-foreground">Loading plans…</p>;
}

/**
 * The plans as operators last edited them, read from the public plans API (cached in memory on
 * the server and invalidated on edit) so the page around them stays one prerendered file.
 * The billing contract and the cards are imported when the page runs, not in its first load.
 */
export function LandingPricing() {
  const { user } = useSession();
  const [catalogue, setCatalogue] = useState<PlansAnswer | null>(null);

  useEffect(() => {
    let live = true;
    void loadCards();
    void import("@/components/billing/api").then(({ fetchPlans }) => fetchPlans()).then((answer) => live && setCatalogue(answer));
    return () => {
      live = false;
    };
  }, []);

  if (!catalogue) return <Loading />;
  if (catalogue.plans.length === 0) return <p className="mt-10 text-center text-muted-foreground">The plans could not be loaded. Reload the page to try again.</p>;
  return <PricingCards catalogue={catalogue} signedIn={Boolean(user)} />;
}
