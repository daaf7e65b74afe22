"use client";

import { useState } from "react";
import type { AdminPlan } from "@/lib/api/contract/admin";
import { FEATURE_LABELS } from "@/lib/billing/features";
import { Field, TextArea } from "@/components/ui/field";
import { updatePlan } from "./admin-api";
import { Checkbox } from "./checkbox";
import { EditDialog } from "./edit-dialog";
import { planSaveFailed } from "./messages";
import { checkPlanDraft, draftFromPlan, type PlanDraft } from "./plan-form";

/** The draft's text fields (the rest are checkboxes). */
type TextKey = { [K in keyof PlanDraft]: PlanDraft[K] extends string ? K : never }[keyof PlanDraft];

const FEATURE_HINT = `Comma-separated. Known keys: ${Object.keys(FEATURE_LABELS).join(", ")}.`;

/** Spec §2/§5/§7: edit every field of one plan; nothing is sent until the prices check out. */
export function PlanEditDialog({ plan, onClose, onSaved }: { plan: AdminPlan; onClose(): void; onSaved(plan: AdminPlan): void }) {
  const [draft, setDraft] = useState<PlanDraft>(() => draftFromPlan(plan));

  const text = (key: TextKey) => ({
    value: draft[key],
    onChange: (e: { target: { value: string } }) => setDraft((old) => ({ ...old, [key]: e.target.value })),
  });

  function save() {
    const check = checkPlanDraft(draft);
    return check.ok ? updatePlan(plan.id, check.update) : check.message;
  }

  return (
    // noValidate: the browser's own bubbles would stop the form before the spec's checks can explain.
    <EditDialog title={`Edit plan ${plan.name}`} width="max-w-2xl" save={save} failed={planSaveFailed} onSaved={onSaved} onClose={onClose} noValidate>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Name" required {...text("name")} />
        <Field label="Hours per month" type="text" inputMode="decimal" hint="A number, such as 16 or 2.5. Empty means no limit." {...text("hours_per_month")} />
        <Field label="Monthly price" type="number" min="0" step="0.01" inputMode="decimal" {...text("price_monthly")} />
        <Field label="Annual price" type="number" min="0" step="0.01" inputMode="decimal" {...text("price_annual")} />
      </div>
      <TextArea label="Description" rows={2} {...text("description")} />
      <Field label="Features" hint={FEATURE_HINT} autoComplete="off" {...text("features")} />
      <Field label="Excluded features" hint="Comma-separated feature keys." autoComplete="off" {...text("excluded_features")} />
      <Field label="Language tiers" hint="Comma-separated tier ids." autoComplete="off" {...text("language_tiers")} />
      <div className="flex gap-6">
        <Checkbox label="Popular" checked={draft.is_popular} onChange={(is_popular) => setDraft((old) => ({ ...old, is_popular }))} />
        <Checkbox label="Active" checked={draft.is_active} onChange={(is_active) => setDraft((old) => ({ ...old, is_active }))} />
        <Checkbox label="Priced per seat" checked={draft.per_seat} onChange={(per_seat) => setDraft((old) => ({ ...old, per_seat }))} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Stripe price ID (monthly)" hint="Empty means none." autoComplete="off" {...text("stripe_price_id_monthly")} />
        <Field label="Stripe price ID (annual)" hint="Empty means none." autoComplete="off" {...text("stripe_price_id_annual")} />
      </div>
    </EditDialog>
  );
}
