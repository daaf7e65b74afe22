import type { Metadata } from "next";
import { ReplacementsSection } from "@/components/vocabulary/replacements-section";
import { VocabularySection } from "@/components/vocabulary/vocabulary-section";
import Link from "next/link";
import { AppearanceSection } from "@/components/account/appearance-section";
import { BillingHistorySection } from "@/components/account/billing-history-section";
import { DeleteAccountSection } from "@/components/account/delete-account-section";
import { NotificationsSection } from "@/components/account/notifications-section";
import { PlanSection } from "@/components/account/plan-section";
import { PasswordSection } from "@/components/account/password-section";
import { ProfileSection } from "@/components/account/profile-section";
import { VoiceProfilesSection } from "@/components/account/voice-profiles-section";
import { hasPassword } from "@/lib/account/credentials";
import { requirePageUser } from "@/lib/auth/page-user";
import { toApiUser } from "@/lib/auth/session";
import { ACCOUNT_HISTORY_LIMIT, billingEventsOf } from "@/lib/billing/billing-history";
import { billingDate } from "@/lib/billing/billing-date";
import { planSummaryFor } from "@/lib/billing/plan-summary-view";
import { db } from "@/lib/db/client";

export const metadata: Metadata = { title: "Account settings" };

export default async function AccountPage({ searchParams }: { searchParams: Promise<{ checkout?: string }> }) {
  const user = await requirePageUser(db(), "/account");
  const withPassword = await hasPassword(db(), user.id);
  const plan = await planSummaryFor(db(), user.id, (await searchParams).checkout);
  const history = (await billingEventsOf(db(), user.id, ACCOUNT_HISTORY_LIMIT)).map((event) => ({
    id: event.id,
    date: billingDate(event.createdAt),
    description: event.description,
  }));
  return (
    <main className="mx-auto flex max-w-3xl flex-col gap-8 px-4 py-10">
      <div>
        <h1 className="text-2xl font-semibold">Account settings</h1>
        <p className="mt-1 text-muted-foreground">{user.email}</p>
        <p className="mt-2 text-sm">
          <Link href="/developers" className="text-accent hover:underline">
            API keys and webhooks
          </Link>
        </p>
      </div>
      <PlanSection summary={plan} />
      <BillingHistorySection items={history} />
      <ProfileSection user={toApiUser(user)} />
      <NotificationsSection emailWhenDone={user.emailWhenDone} />
      <VoiceProfilesSection />
      <VocabularySection personal />
      <ReplacementsSection personal />
      <AppearanceSection />
      <PasswordSection hasPassword={withPassword} />
      <DeleteAccountSection needsPassword={withPassword} email={user.email} />
    </main>
  );
}
