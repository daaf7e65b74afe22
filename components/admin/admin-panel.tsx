"use client";

import { Tabs } from "radix-ui";
import { useState } from "react";
import { AuditLogTab } from "./audit-log-tab";
import { NoticeBanner, NoticeProvider } from "./notice";
import { PlansTab } from "./plans-tab";
import { QueueTab } from "./queue-tab";
import { SettingsTab } from "./settings-tab";
import { ADMIN_TABS, tabFromParam, type AdminTab } from "./tabs";
import { TiersTab } from "./tiers-tab";
import { UsersTab, type Operator } from "./users-tab";
import { WorkspacesTab } from "./workspaces-tab";

/**
 * Writes the tab into the address so a reload reopens it. replaceState rather than a router
 * navigation: the server page has nothing new to render, and arrowing through the tabs should
 * not fill the back-button history.
 */
function rememberTab(tab: AdminTab) {
  const url = new URL(window.location.href);
  url.searchParams.set("tab", tab);
  // null state: Next.js then keeps its own history entry data and updates useSearchParams.
  window.history.replaceState(null, "", url);
}

const PANEL = "mt-6 rounded-sm focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-accent";

/** Spec §2 admin panel: the tabs, with one message banner above them for all of them. */
export function AdminPanel({ operator, initialTab }: { operator: Operator; initialTab?: string }) {
  const [tab, setTab] = useState<AdminTab>(() => tabFromParam(initialTab));

  function select(value: string) {
    const next = tabFromParam(value);
    setTab(next);
    rememberTab(next);
  }

  return (
    <NoticeProvider>
      <div className="mt-6 flex flex-col gap-4">
        <NoticeBanner />
        <Tabs.Root value={tab} onValueChange={select}>
          <Tabs.List aria-label="Admin sections" className="flex flex-wrap gap-1 border-b border-border">
            {ADMIN_TABS.map((item) => (
              <Tabs.Trigger
                key={item.value}
                value={item.value}
                className="-mb-px border-b-2 border-transparent px-3 py-2 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground focus-visible:outline-2 focus-visible:outline-accent data-[state=active]:border-primary data-[state=active]:text-foreground"
              >
                {item.label}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          {/* Inactive tabs unmount; coming back to one shows its last rows at once and reads them again (SWR). */}
          <Tabs.Content value="users" className={PANEL}>
            <UsersTab operator={operator} />
          </Tabs.Content>
          <Tabs.Content value="workspaces" className={PANEL}>
            <WorkspacesTab />
          </Tabs.Content>
          <Tabs.Content value="plans" className={PANEL}>
            <PlansTab />
          </Tabs.Content>
          <Tabs.Content value="language-tiers" className={PANEL}>
            <TiersTab />
          </Tabs.Content>
          <Tabs.Content value="settings" className={PANEL}>
            <SettingsTab />
          </Tabs.Content>
          <Tabs.Content value="queue" className={PANEL}>
            <QueueTab />
          </Tabs.Content>
          <Tabs.Content value="audit-log" className={PANEL}>
            <AuditLogTab />
          </Tabs.Content>
        </Tabs.Root>
      </div>
    </NoticeProvider>
  );
}
