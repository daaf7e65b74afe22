"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { MAX_SEATS, SEATS_RANGE, isSeatCount } from "@/lib/billing/seat-count";
import { formatPrice } from "@/lib/billing/pricing";
import { call, detailOr } from "@/lib/api/client";
import { cancelDemoCheckout, completeDemoCheckout } from "@/lib/api/endpoints/billing";

interface DemoCheckoutProps {
  sessionId: string;
  status: "open" | "completed" | "canceled";
  planName: string;
  price: string;
  trialDays: number;
  /** how many languages the plan lists */
  languageCount: number;
  /** what this server transcribes of them today, when fewer */
  languagesNote: string | null;
  email: string;
  /**
   * a plan priced per seat: the seats to start with, the fewest allowed (the people the buyer's
   * workspaces hold), and one seat's price per billing period; null otherwise
   */
  seats?: { initial: number; minimum: number; seatPrice: number; period: "month" | "year" } | null;
}

/** "Total: $80 per month (4 seats × $20), after the 7-day trial"; empty while the seats are not a count the server takes. */
function totalLine(count: number, seats: NonNullable<DemoCheckoutProps["seats"]>, trialDays: number): string {
  if (!isSeatCount(count) || count < seats.minimum) return "";
  const after = trialDays > 0 ? `, after the ${trialDays}-day trial` : "";
  return `Total: ${formatPrice(count * seats.seatPrice)} per ${seats.period} (${count} ${count === 1 ? "seat" : "seats"} × ${formatPrice(seats.seatPrice)})${after}`;
}

export function DemoCheckout({ sessionId, status, planName, price, trialDays, languageCount, languagesNote, email, seats = null }: DemoCheckoutProps) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const [seatText, setSeatText] = useState(String(seats?.initial ?? ""));

  async function act(action: "complete" | "cancel") {
    const seatCount = Number(seatText);
    if (action === "complete" && seats && !isSeatCount(seatCount)) return setError(SEATS_RANGE);
    setBusy(true);
    setError("");
    const params = { id: sessionId };
    const result =
      action === "complete" ? await call(completeDemoCheckout, { params, body: seats ? { seats: seatCount } : undefined }) : await call(cancelDemoCheckout, { params });
    if (!result.ok) {
      setBusy(false);
      return setError(detailOr(result, "Something went wrong. Try again."));
    }
    router.replace(action === "complete" ? "/account?checkout=success" : "/account?checkout=canceled");
    router.refresh();
  }

  return (
    <section className="flex flex-col gap-4 rounded-xl border border-border bg-card p-6 shadow-sm" aria-label="Test checkout">
      <p className="rounded-md border-2 border-dashed border-amber-500 bg-amber-100/60 px-3 py-2 text-sm font-semibold text-amber-900 dark:bg-amber-900/30 dark:text-amber-200">
        TEST PAYMENT — no card is charged and no money moves. This server has no Stripe key, so checkout is simulated.
      </p>
      <h1 className="text-2xl font-semibold">Subscribe to {planName}</h1>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted-foreground">Plan</dt>
        <dd>{planName}</dd>
        <dt className="text-muted-foreground">Price</dt>
        <dd>{price}</dd>
        {trialDays > 0 && (
          <>
            <dt className="text-muted-foreground">Trial</dt>
            <dd>{trialDays} days free, then billed</dd>
          </>
        )}
        <dt className="text-muted-foreground">Languages</dt>
        <dd>
          {languageCount}
          {languagesNote && <span className="block text-muted-foreground">{languagesNote}</span>}
        </dd>
        <dt className="text-muted-foreground">Account</dt>
        <dd>{email}</dd>
      </dl>
      {seats && status === "open" && (
        <Field
          label="Seats"
          type="number"
          inputMode="numeric"
          min={seats.minimum}
          max={MAX_SEATS}
          step={1}
          value={seatText}
          onChange={(event) => setSeatText(event.target.value)}
          hint={`One seat per person in your workspaces (at least ${seats.minimum}); the price above is per seat.`}
        />
      )}
      {seats && status === "open" && (
        <p className="text-sm font-medium" data-testid="checkout-total" aria-live="polite" aria-atomic="true">
          {totalLine(Number(seatText), seats, trialDays)}
        </p>
      )}
      {error && <Alert>{error}</Alert>}
      {status === "open" ? (
        <div className="flex gap-2">
          <Button type="button" onClick={() => void act("complete")} disabled={busy}>
            {busy ? "Processing…" : "Complete test payment"}
          </Button>
          <Button type="button" variant="secondary" onClick={() => void act("cancel")} disabled={busy}>
            Cancel
          </Button>
        </div>
      ) : (
        <Alert tone="info">{status === "completed" ? "This checkout is already paid." : "This checkout was canceled."}</Alert>
      )}
    </section>
  );
}
