"use client";

import dynamic from "next/dynamic";
import { startTransition, useEffect, useRef, useState, type Ref } from "react";
import { useSession } from "@/components/session/session-provider";
import type { PlansAnswer } from "@/lib/api/contract/billing";
import { PRICING_AHEAD } from "./pricing-ahead";

// Shown once the plans are read, so its code (the plan lines and the gate table they come
// from) loads beside them rather than in the page's first load.
const loadCards = () => import("./pricing-cards").then((m) => m.PricingCards);
const PricingCards = dynamic(loadCards, { loading: () => <Loading /> });


function Loading({ ref }: { ref?: Ref<HTMLParagraphElement> }) {
  return (
    <p ref={ref} className="mt-10 min-h-96 text-center text-muted-foreground">
      Loading plans…
    </p>
  );
}

/**
 * The plans as operators last edited them, read from the public plans API (cached in memory on
 * the server and invalidated on edit) so the page around them stays one prerendered file.
 * The billing contract and the cards are imported when the plans are near, not in the page's
 * first load.
 */
export function LandingPricing() {
  const { user } = useSession();
  const [catalogue, setCatalogue] = useState<PlansAnswer | null>(null);
  const placeholder = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    let live = true;
    const load = () => {
      void loadCards();
      // A transition: the cards render in slices that leave the page responsive.
      void import("@/components/billing/api")
        .then(({ fetchPlans }) => fetchPlans())
        .then((answer) => live && startTransition(() => setCatalogue(answer)));
    };
    const target = placeholder.current;
    if (!target || typeof IntersectionObserver === "undefined") {
      load();
      return () => {
        live = false;
      };
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        load();
      },
      { rootMargin: PRICING_AHEAD },
    );
    observer.observe(target);
    return () => {
      live = false;
      observer.disconnect();
    };
  }, []);

  if (!catalogue) return <Loading ref={placeholder} />;
  if (catalogue.plans.length === 0) return <p className="mt-10 text-center text-muted-foreground">The plans could not be loaded. Reload the page to try again.</p>;
  return <PricingCards catalogue={catalogue} signedIn={Boolean(user)} />;
}
