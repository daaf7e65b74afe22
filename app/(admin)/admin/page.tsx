import type { Metadata } from "next";
import { requirePageUser } from "@/lib/auth/page-user";
import { isOperator } from "@/lib/account/operators";
import { AdminPanel } from "@/components/admin/admin-panel";
import { NotAuthorized } from "@/components/admin/not-authorized";
import { tabFromParam } from "@/components/admin/tabs";
import { db } from "@/lib/db/client";

export const metadata: Metadata = { title: "Admin" };

/** Access is the operator allow-list, checked here on the server; the is_admin flag only shows the button. */
export default async function AdminPage({ searchParams }: { searchParams: Promise<{ tab?: string | string[] }> }) {
  const user = await requirePageUser(db(), "/admin");
  if (!isOperator(user.email)) return <NotAuthorized />;
  const tab = tabFromParam((await searchParams).tab);
  return (
    // The top bar's width and side padding (components/shell/nav-bar.tsx): the content lines up under it.
    <main className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-2xl font-semibold">Admin panel</h1>
      <p className="mt-1 text-muted-foreground">Signed in as operator {user.email}.</p>
      <AdminPanel operator={{ id: user.id, email: user.email }} initialTab={tab} />
    </main>
  );
}
