import { LandingContent } from "@/components/landing/landing-content";
import { PLAN_SEED } from "@/lib/billing/catalog";
import { exportsSentence } from "@/lib/billing/plan-feature-lines";

/**
 * Prerendered at build time and served as a file (no database, no session read): who is signed
 * in and the live plans come from the browser's own calls, in the islands. The page's content
 * is a client component so that its text is in the file once (see LandingContent).
 */
export default function LandingPage() {
  // From the gate table and the plan everyone starts on, as the pricing cards' lines are.
  return <LandingContent exportsLine={exportsSentence(PLAN_SEED.find((plan) => plan.isDefault)?.features ?? [])} />;
}
