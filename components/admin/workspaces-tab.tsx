"use client";

import { useState } from "react";
import { AdminWorkspacePage, type AdminWorkspace } from "@/lib/api/contract/admin-workspaces";
import { SEARCH_DEBOUNCE_MS, useDebounced } from "@/components/ui/use-debounced";
import { workspacesAddress } from "./admin-api";
import { NONE, formatCount, formatDate } from "./format";
import { ListState } from "./list-state";
import { Pagination } from "./pagination";
import { SearchField } from "./search-field";
import { DataTable, Td } from "./table";
import { PAGE_SIZE, usePagedList } from "./use-paged-list";

const COLUMNS = ["Name", "Owner", "Members", "Pending invitations", "Transcriptions", "Hours this month", "Created"];

const hoursFormat = new Intl.NumberFormat("en-US", { maximumFractionDigits: 2 });

/**
 * Every workspace, newest first, to look at: operators do not run workspaces (their owners
 * and admins do), so the tab has no actions.
 */
export function WorkspacesTab() {
  const [search, setSearch] = useState("");
  const q = useDebounced(search.trim(), SEARCH_DEBOUNCE_MS);
  const list = usePagedList((page) => workspacesAddress(q, page, PAGE_SIZE), AdminWorkspacePage, "the workspaces");
  const rows = list.data?.workspaces ?? [];

  return (
    <section aria-label="Workspaces" className="flex flex-col gap-4">
      <div className="max-w-md">
        <SearchField label="Search workspaces" placeholder="Workspace name or owner email" value={search} onChange={setSearch} />
      </div>
      <ListState
        error={list.error}
        data={list.data}
        loadingText="Loading workspaces…"
        empty={rows.length === 0}
        emptyText={q ? "No workspaces match this search." : "No workspaces yet."}
        footer={(data) => <Pagination page={list.page} shownPage={data.page} pageSize={PAGE_SIZE} total={data.total} shown={rows.length} onPage={list.setPage} />}
      >
        {() => (
          <DataTable label="Workspaces" busy={list.loading} columns={COLUMNS}>
            {rows.map((workspace) => (
              <WorkspaceRow key={workspace.id} workspace={workspace} />
            ))}
          </DataTable>
        )}
      </ListState>
    </section>
  );
}

function WorkspaceRow({ workspace }: { workspace: AdminWorkspace }) {
  return (
    <tr data-testid={`admin-workspace-row-${workspace.id}`}>
      <Td className="font-medium">{workspace.name}</Td>
      <Td className="break-all">{workspace.owner_email ?? NONE}</Td>
      <Td>{formatCount(workspace.members)}</Td>
      <Td>{formatCount(workspace.pending_invitations)}</Td>
      <Td>{formatCount(workspace.transcriptions)}</Td>
      <Td>{hoursFormat.format(workspace.hours_this_month)}</Td>
      <Td className="whitespace-nowrap">{formatDate(workspace.created_at)}</Td>
    </tr>
  );
}
