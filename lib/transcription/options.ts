import { env } from "@/lib/env";
import type { TranscriptionOptions } from "@/lib/api/contract/transcription";
import { entitlementsFor, secondsRemaining, trialHoursNote } from "@/lib/billing/entitlements";
import { allows } from "@/lib/billing/feature-gates";
import { payerOf } from "@/lib/billing/payer";
import { activePlans } from "@/lib/billing/plans";
import { canUpgrade } from "@/lib/billing/transitions";
import type { Database } from "@/lib/db/client";
import { getSetting } from "@/lib/settings/settings";
import { ENGINE_UNAVAILABLE, engineLabel, engineNote, languagesNote } from "./engines/labels";
import { offeredEngine } from "./offered-engine";
import { preparingPercent } from "./model-provisioning";
import { languageOptions } from "./plan-limits";

/**
 * What the dashboard needs to offer: engine state, languages, usage, limits, recording modes.
 * In a workspace (`workspaceId`, which the caller has checked the user is in) they are those of
 * the plan that pays there, its owner's, with the workspace's shared hours.
 */
export async function transcriptionOptions(database: Database, userId: string, workspaceId: string | null = null): Promise<TranscriptionOptions> {
  const payer = await payerOf(database, { userId, workspaceId });
  const [e, choice, maxUploadMb, plansOnSale] = await Promise.all([
    entitlementsFor(database, payer),
    offeredEngine(database),
    getSetting(database, "max_upload_mb"),
    activePlans(database),
  ]);
  const current = plansOnSale.find((p) => p.id === e.planId);
  const engine = choice.engine?.name ?? null;
  const languages = languageOptions(e, choice.engine);
  return {
    engine,
    engine_label: engineLabel(engine),
    engine_note: engineNote(engine),
    engine_preparing: preparingPercent(),
    // The reason is the admin panel's (it names what to set up); a customer reads what it means for them.
    engine_problem: choice.engine ? null : ENGINE_UNAVAILABLE,
    auto_detect: Boolean(choice.engine?.detectsLanguage),
    languages,
    languages_note: choice.engine ? languagesNote(languages, Object.keys(e.languages).length) : null,
    plan_id: e.planId,
    plan_name: e.planName,
    // The upgrade button opens the subscription modal, which offers the plans marked for it.
    // Only the payer can change the plan: a member of someone else's workspace is offered no upgrade.
    can_upgrade: payer === userId && canUpgrade(current, plansOnSale.filter((p) => p.inOnboardingModal)),
    usage: {
      used_s: e.secondsUsed,
      limit_s: e.secondsPerPeriod,
      remaining_s: secondsRemaining(e),
      period_end: e.period.end.toISOString(),
      note: trialHoursNote(e),
    },
    max_upload_mb: maxUploadMb,
    // Browsers send straight to the bucket when it takes their parts (S3_DIRECT_UPLOADS), else through this host (tus).
    upload_route: env().S3_DIRECT_UPLOADS && env().S3_BUCKET ? "bucket" : "server",
    record_tab_mic: allows(e.features, "record_tab_mic"),
    live_transcription: allows(e.features, "live_transcription"),
  };
}
