import type { Metadata } from "next";
import { requirePageUser } from "@/lib/auth/page-user";
import { isOperator } from "@/lib/auth/operators";
import { NotAuthorized } from "@/components/admin/not-authorized";

export const metadata: Metadata = { title: "Admin" };

const TABS = ["Users", "Plans", "Language Tiers", "Settings"];

/** Access is the operator allow-list, checked here on the server; the is_admin flag only shows the button. */
export default async function AdminPage() {
  const user = await requirePageUser("/admin");
  if (!isOperator(user.email)) return <NotAuthorized />;
  return (
    <main className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-2xl font-semibold">Admin panel</h1>
      <p className="mt-1 text-muted-foreground">Signed in as operator {user.email}.</p>
      <div role="tablist" aria-label="Admin sections" className="mt-6 flex gap-2 border-b border-border">
        {TABS.map((tab, i) => (
          <span key={tab} role="tab" aria-selected={i === 0} aria-disabled className="px-3 py-2 text-sm">
            {tab}
          </span>
        ))}
      </div>
      <p className="mt-6 rounded-lg bg-muted p-4 text-sm">
        The operator tools (users, plans, language tiers, settings) are being built. This page already checks the operator
        allow-list on the server.
      </p>
    </main>
  );
}
