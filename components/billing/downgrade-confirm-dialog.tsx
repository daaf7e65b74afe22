"use client";

import { Button } from "@/components/ui/button";
import { Modal } from "@/components/ui/modal";
import { planSummary } from "@/lib/billing/plan-feature-lines";
import type { ApiPlan } from "@/lib/api/contract/billing";

/**
 * Spec §4: premium → pro is scheduled for the end of the billing period after this
 * confirm, which lists the pro and premium summaries.
 */
export function DowngradeConfirmDialog({
  target,
  currentPlanName,
  plans,
  open,
  onConfirm,
  onCancel,
}: {
  target: ApiPlan | null;
  currentPlanName: string;
  /** the plans to compare: pro and premium */
  plans: ApiPlan[];
  open: boolean;
  onConfirm(): void;
  onCancel(): void;
}) {
  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && onCancel()}
      title={`Switch to ${target?.name ?? "another plan"}?`}
      description={`Your plan changes from ${currentPlanName} to ${target?.name ?? "the new plan"} at the end of your current billing period.`}
    >
      <ul className="flex flex-col gap-3 text-sm">
        {plans.map((plan) => (
          <li key={plan.id} className="rounded-lg border border-border bg-muted p-3">
            <p className="font-semibold">{plan.name}</p>
            <p className="mt-0.5 text-muted-foreground">{planSummary(plan)}</p>
          </li>
        ))}
      </ul>
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button onClick={onConfirm}>Confirm</Button>
      </div>
    </Modal>
  );
}
