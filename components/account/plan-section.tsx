"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { useUpgradeModal } from "@/components/billing/upgrade-modal-provider";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { SeatsForm } from "@/components/billing/seats-form";
import { Section } from "./section";
import { call, detailOr, type ApiResult } from "@/lib/api/client";
import { cancelSubscription, openBillingPortal, resumeSubscription } from "@/lib/api/endpoints/billing";

export interface PlanSummary {
  planName: string;
  statusLabel: string | null;
  billingInterval: "monthly" | "annual" | null;
  periodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  scheduledChange: string | null;
  usage: string;
  hasSubscription: boolean;
  notice: string | null;
  /** a per-seat subscription (Team): the seats bought, the fewest it may go down to, and those taken (members and pending invitations) */
  seats?: { count: number; minimum: number; taken: number } | null;
}

/**
 * What cancelling does, said before the user confirms. The server drops a scheduled downgrade
 * when the subscription is cancelled (Stripe refuses both at once), so the dialog says so.
 */
export function cancelConsequence(summary: Pick<PlanSummary, "planName" | "periodEnd" | "scheduledChange">): string {
  const until = summary.periodEnd ? `until ${summary.periodEnd}` : "until the end of this billing period";
  const dropped = summary.scheduledChange ? ` The scheduled change (${summary.scheduledChange}) is dropped.` : "";
  return `You keep ${summary.planName} ${until}; then your account moves to the free plan.${dropped} You can resume any time before then.`;
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <>
      <dt className="text-muted-foreground">{label}</dt>
      <dd data-testid={`plan-${label.toLowerCase().replace(/\W+/g, "-")}`}>{children}</dd>
    </>
  );
}

export function PlanSection({ summary }: { summary: PlanSummary }) {
  const router = useRouter();
  const upgrade = useUpgradeModal();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const [confirmingCancel, setConfirmingCancel] = useState(false);

  /** One of this page's calls: busy while it runs, the server's sentence when it fails. */
  async function post<T>(send: () => Promise<ApiResult<T>>): Promise<T | null> {
    setBusy(true);
    setError("");
    const result = await send();
    setBusy(false);
    if (!result.ok) {
      setError(detailOr(result, "Something went wrong. Try again."));
      return null;
    }
    return result.data;
  }

  async function manageBilling() {
    const data = await post(() => call(openBillingPortal));
    if (data) window.location.assign(data.url);
  }

  async function setCancel(cancel: boolean) {
    if (await post(() => call(cancel ? cancelSubscription : resumeSubscription))) router.refresh();
  }

  return (
    <Section title="Plan and billing" description="Your subscription, this period's usage, and billing.">
      <div id="plan" className="flex flex-col gap-4">
        {summary.notice && <Alert tone="success">{summary.notice}</Alert>}
        <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
          <Row label="Plan">{summary.planName}</Row>
          {summary.statusLabel && <Row label="Status">{summary.statusLabel}</Row>}
          {summary.billingInterval && <Row label="Billing">{summary.billingInterval === "annual" ? "Annual" : "Monthly"}</Row>}
          {summary.periodEnd && <Row label={summary.cancelAtPeriodEnd ? "Ends on" : "Renews on"}>{summary.periodEnd}</Row>}
          {summary.scheduledChange && <Row label="Scheduled change">{summary.scheduledChange}</Row>}
          <Row label="Usage this period">{summary.usage}</Row>
          {summary.seats && <Row label="Seats">{`${summary.seats.count} (${summary.seats.taken} taken)`}</Row>}
        </dl>
        {summary.seats && <SeatsForm seats={summary.seats.count} minimum={summary.seats.minimum} />}
        {error && <Alert>{error}</Alert>}
        <div className="flex flex-wrap gap-2">
          <Button type="button" onClick={upgrade.open}>Change plan</Button>
          {summary.hasSubscription && (
            <>
              <Button type="button" variant="secondary" onClick={() => void manageBilling()} disabled={busy}>Manage billing</Button>
              {summary.cancelAtPeriodEnd ? (
                <Button type="button" variant="secondary" onClick={() => void setCancel(false)} disabled={busy}>Resume subscription</Button>
              ) : (
                <Button type="button" variant="ghost" onClick={() => setConfirmingCancel(true)} disabled={busy}>Cancel at period end</Button>
              )}
            </>
          )}
        </div>
      </div>
      <ConfirmDialog
        open={confirmingCancel}
        onOpenChange={setConfirmingCancel}
        title="Cancel your subscription?"
        description={cancelConsequence(summary)}
        confirmLabel="Cancel at period end"
        keepLabel="Keep my plan"
        onConfirm={() => {
          setConfirmingCancel(false);
          void setCancel(true);
        }}
      />
    </Section>
  );
}
