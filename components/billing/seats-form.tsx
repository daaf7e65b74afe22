"use client";

import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { call, detailOr } from "@/lib/api/client";
import { changeSeats, quoteSeats } from "@/lib/api/endpoints/billing";
import { MAX_SEATS, SEATS_RANGE, isSeatCount } from "@/lib/billing/seat-count";

const QUOTE_DELAY_MS = 300;

/**
 * The seats of a per-seat subscription (Team), on your Account page: more at once (the
 * difference is prorated), fewer down to the people the workspaces hold. The server decides
 * and explains; this only checks the number's range first.
 */
export function SeatsForm({ seats, minimum }: { seats: number; minimum: number }) {
  const router = useRouter();
  const [text, setText] = useState(String(seats));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const [done, setDone] = useState("");
  const [quote, setQuote] = useState<{ seats: number; sentence: string } | null>(null);

  // What the change would cost is said before it is made: asked a moment after typing stops.
  useEffect(() => {
    const wanted = Number(text);
    if (!isSeatCount(wanted) || wanted === seats) return;
    const ask = new AbortController();
    const timer = setTimeout(async () => {
      const result = await call(quoteSeats, { body: { seats: wanted }, signal: ask.signal });
      if (!ask.signal.aborted) setQuote(result.ok ? result.data : { seats: wanted, sentence: detailOr(result, "The cost of these seats could not be worked out.") });
    }, QUOTE_DELAY_MS);
    return () => {
      clearTimeout(timer);
      ask.abort();
    };
  }, [text, seats]);
  const shownQuote = quote && quote.seats === Number(text) && quote.seats !== seats ? quote.sentence : "";

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setDone("");
    const wanted = Number(text);
    if (!isSeatCount(wanted)) return setError(SEATS_RANGE);
    setBusy(true);
    setError("");
    const result = await call(changeSeats, { body: { seats: wanted } });
    setBusy(false);
    if (!result.ok) return setError(detailOr(result, "The seats could not be changed. Try again."));
    setDone(`Your plan now has ${result.data.seats ?? wanted} seats.`);
    router.refresh();
  }

  return (
    <form className="flex flex-col gap-2" onSubmit={(event) => void submit(event)} noValidate aria-label="Change seats">
      <div className="flex flex-wrap items-end gap-2">
        <Field
          label="Seats"
          type="number"
          inputMode="numeric"
          min={minimum}
          max={MAX_SEATS}
          step={1}
          value={text}
          onChange={(event) => setText(event.target.value)}
          hint={`One per owner, admin and member in your workspaces, pending invitations included (${minimum} now); viewers are free. Added seats are billed at once, prorated.`}
          className="w-28"
        />
        <Button type="submit" variant="secondary" disabled={busy || text === String(seats)}>
          {busy ? "Updating…" : "Update seats"}
        </Button>
      </div>
      {shownQuote && !done && (
        <p className="text-sm" data-testid="seats-quote" aria-live="polite">
          {shownQuote}
        </p>
      )}
      {error && <Alert>{error}</Alert>}
      {done && <Alert tone="success">{done}</Alert>}
    </form>
  );
}
