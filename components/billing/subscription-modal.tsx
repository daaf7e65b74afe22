"use client";

import { clsx } from "clsx";
import { useEffect, useMemo, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Modal, ModalClose } from "@/components/ui/modal";
import { track } from "@/lib/analytics/track";
import { coverageNote, planLanguages, transcribedToday, type ServerLanguages } from "@/lib/billing/language-coverage";
import { INVALID_PLAN_CHANGE } from "@/lib/billing/transitions";
import { createCheckoutSession, fetchCurrentSubscription, fetchPlans, scheduleDowngrade, type PlanChangeResult } from "./api";
import { goTo, reloadPage } from "./browser";
import { DowngradeConfirmDialog } from "./downgrade-confirm-dialog";
import { LanguagesDialog } from "./languages-dialog";
import {
  ACTION_REQUIRED_TITLE,
  CHECKOUT_START_FAILED,
  CONFIRMED_DOWNGRADE_RELOAD_MS,
  DOWNGRADE_SCHEDULED_NOTE,
  DOWNGRADE_SCHEDULED_TITLE,
  PLAN_CHANGE_FAILED,
  PLAN_CHANGE_RELOAD_MS,
  STAY_ON_FREE,
  messageNotice,
  modalPlans,
  onDefaultPlan,
  planButton,
  type PlanNotice,
} from "./plan-actions";
import { PlanCard } from "./plan-card";
import type { ApiLanguageTier, ApiPlan, CurrentSubscription } from "@/lib/api/contract/billing";
import type { BillingInterval } from "@/lib/billing/subscription-types";

export interface SubscriptionModalProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** Runs just before the page navigates away (checkout redirect, reload after a change). */
  onLeave?(): void;
}

/** The onboarding subscription modal (spec §2, §4, §8, §9); also opened by "Upgrade". */
export function SubscriptionModal({ open, onOpenChange, onLeave }: SubscriptionModalProps) {
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="Choose your plan"
      description="More hours, more languages and AI formatting. Change or cancel any time."
      width="max-w-3xl"
    >
      {/* Visible at every width (on a phone there is no overlay to tap beside the dialog); Escape closes too. */}
      <ModalClose asChild>
        <Button variant="ghost" size="sm" className="absolute right-2 top-2 h-10">
          Close
        </Button>
      </ModalClose>
      {/* Radix unmounts the content when closed, so every opening loads fresh data. */}
      <PlanPicker onClose={() => onOpenChange(false)} onLeave={onLeave} />
    </Modal>
  );
}

interface Loaded {
  /** the cards: the plans the modal offers */
  plans: ApiPlan[];
  /** every active plan, which the plan-change rules read */
  catalogue: ApiPlan[];
  tiers: ApiLanguageTier[];
  /** what this server's speech engine transcribes */
  transcribed: ServerLanguages;
  /** listed features this server does not give today */
  unavailable: string[];
  current: CurrentSubscription | null;
}

const INTERVALS: { value: BillingInterval; label: string }[] = [
  { value: "monthly", label: "Monthly" },
  { value: "annual", label: "Annual" },
];

function PlanPicker({ onClose, onLeave }: { onClose(): void; onLeave?(): void }) {
  const [data, setData] = useState<Loaded | null>(null);
  const [interval, setBillingInterval] = useState<BillingInterval>("monthly");
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<PlanNotice | null>(null);
  const [languagesOf, setLanguagesOf] = useState<ApiPlan | null>(null);
  const [downgradeTo, setDowngradeTo] = useState<ApiPlan | null>(null);

  useEffect(() => {
    let live = true;
    void Promise.all([fetchPlans(), fetchCurrentSubscription()]).then(([catalogue, current]) => {
      if (!live) return;
      setData({
        plans: modalPlans(catalogue.plans),
        catalogue: catalogue.plans,
        tiers: catalogue.language_tiers,
        transcribed: catalogue.transcribed_languages,
        unavailable: catalogue.unavailable_features,
        current,
      });
      if (current?.billing_interval) setBillingInterval(current.billing_interval);
    });
    return () => {
      live = false;
    };
  }, []);

  const languages = useMemo(() => (languagesOf && data ? planLanguages(languagesOf, data.tiers) : []), [languagesOf, data]);
  const transcribed = useMemo(() => (data ? transcribedToday(languages, data.transcribed) : null), [languages, data]);

  if (!data) {
    return (
      <p role="status" className="py-10 text-center text-sm text-muted-foreground">
        Loading plans...
      </p>
    );
  }
  const { plans, current } = data;
  const onFree = onDefaultPlan(current);

  /** Shows a plan-change message, then reloads the page so it reflects the new state. */
  function showMessage(message: string, reloadAfterMs: number) {
    setNotice(messageNotice(message));
    // `busy` stays set: nothing more to choose until the page has reloaded.
    setTimeout(() => {
      onLeave?.();
      reloadPage();
    }, reloadAfterMs);
  }

  function fail(result: Extract<PlanChangeResult, { ok: false }>) {
    setNotice({ kind: "error", text: result.detail ?? PLAN_CHANGE_FAILED });
    setBusy(false);
  }

  async function checkout(plan: ApiPlan) {
    setBusy(true);
    setNotice(null);
    const result = await createCheckoutSession(plan.id, interval);
    if (!result.ok) return fail(result);
    if (result.checkoutUrl) {
      onLeave?.();
      goTo(result.checkoutUrl);
      return;
    }
    if (result.message) return showMessage(result.message, PLAN_CHANGE_RELOAD_MS);
    setNotice({ kind: "error", text: CHECKOUT_START_FAILED });
    setBusy(false);
  }

  async function confirmDowngrade() {
    const target = downgradeTo;
    setDowngradeTo(null);
    if (!target) return;
    track("user_action", "subscription_downgrade_confirmed", { plan_id: target.id, billing_interval: interval });
    setBusy(true);
    setNotice(null);
    const result = await scheduleDowngrade(target.id, interval);
    if (!result.ok) return fail(result);
    if (result.message) return showMessage(result.message, CONFIRMED_DOWNGRADE_RELOAD_MS);
    fail({ ok: false, detail: null });
  }

  function choose(plan: ApiPlan) {
    const button = planButton(plan, current, interval);
    track("user_action", "subscription_plan_chosen", {
      plan_id: plan.id,
      billing_interval: interval,
      current_plan_id: current?.plan_id ?? null,
      action: button.kind,
    });
    if (button.kind === "checkout") void checkout(plan);
    else if (button.kind === "downgrade") setDowngradeTo(plan);
    else if (button.kind === "invalid") setNotice({ kind: "error", text: INVALID_PLAN_CHANGE });
  }

  function stayOnFree() {
    track("user_action", "subscription_stay_on_free");
    onClose();
  }

  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div role="group" aria-label="Billing interval" className="inline-flex rounded-lg border border-border bg-muted p-1">
          {INTERVALS.map((option) => (
            <button
              key={option.value}
              type="button"
              aria-pressed={interval === option.value}
              onClick={() => setBillingInterval(option.value)}
              className={clsx(
                "rounded-md px-4 py-1.5 text-sm font-medium transition-colors",
                "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent",
                interval === option.value ? "bg-card text-foreground shadow-sm" : "text-muted-foreground hover:text-foreground",
              )}
            >
              {option.label}
            </button>
          ))}
        </div>
        {current && !onFree && (
          <p className="text-sm text-muted-foreground">
            You are on the {current.plan_name} plan{current.billing_interval ? `, billed ${current.billing_interval === "annual" ? "yearly" : "monthly"}` : ""}.
          </p>
        )}
      </div>
      {/* An upgrade is a new checkout without a trial (one per customer, lib/billing): the trial ends. */}
      {current?.status === "trialing" && (
        <p className="text-sm" role="note">
          Upgrading ends your {current.plan_name} trial today: the new plan is charged at its full price from today.
        </p>
      )}
      {/* A paid upgrade replaces the subscription: Stripe cancels the old one with a proration credit (lib/billing/stripe). */}
      {current?.status === "active" && !current.plan_is_default && plans.some((p) => p.rank > current.plan_rank && p.checkout_enabled) && (
        <p className="text-sm" role="note">
          {current.provider === "stripe"
            ? `Upgrading starts the new plan today at its full price. Your ${current.plan_name} plan ends today, and its unused time is credited to your next invoices.`
            : `Upgrading starts the new plan today at its full price. Your ${current.plan_name} plan ends today; test payments credit nothing for its unused time.`}
        </p>
      )}

      {notice && <NoticeView notice={notice} />}

      {plans.length === 0 ? (
        <Alert tone="info">Plans could not be loaded. Please try again later.</Alert>
      ) : (
        <ul className="grid gap-5 pt-3 sm:grid-cols-2">
          {plans.map((plan) => (
            <PlanCard
              key={plan.id}
              plan={plan}
              interval={interval}
              button={planButton(plan, current, interval)}
              busy={busy}
              trialDays={current?.trial_days ?? 0}
              languagesNote={coverageNote(planLanguages(plan, data.tiers), data.transcribed)}
              unavailable={data.unavailable}
              onChoose={() => choose(plan)}
              onViewLanguages={() => {
                track("user_action", "subscription_languages_viewed", { plan_id: plan.id });
                setLanguagesOf(plan);
              }}
            />
          ))}
        </ul>
      )}

      {onFree && (
        <div className="flex justify-center">
          <Button variant="ghost" onClick={stayOnFree} disabled={busy}>
            {STAY_ON_FREE}
          </Button>
        </div>
      )}

      <LanguagesDialog
        planName={languagesOf?.name ?? ""}
        languages={languages}
        transcribed={transcribed}
        open={languagesOf !== null}
        onOpenChange={(next) => !next && setLanguagesOf(null)}
      />
      <DowngradeConfirmDialog
        target={downgradeTo}
        currentPlanName={current?.plan_name ?? "your current plan"}
        plans={plans}
        open={downgradeTo !== null}
        onConfirm={() => void confirmDowngrade()}
        onCancel={() => {
          track("user_action", "subscription_downgrade_cancelled", { plan_id: downgradeTo?.id ?? null });
          setDowngradeTo(null);
        }}
      />
    </div>
  );
}

function NoticeView({ notice }: { notice: PlanNotice }) {
  if (notice.kind === "error") return <Alert>{notice.text}</Alert>;
  if (notice.kind === "scheduled") {
    return (
      <Alert tone="success">
        <p className="font-semibold">{DOWNGRADE_SCHEDULED_TITLE}</p>
        <p className="mt-1">{DOWNGRADE_SCHEDULED_NOTE}</p>
        <p className="mt-1">{notice.message}</p>
      </Alert>
    );
  }
  return (
    <Alert tone="info">
      <p className="font-semibold">{ACTION_REQUIRED_TITLE}</p>
      <p className="mt-1">{notice.message}</p>
    </Alert>
  );
}
