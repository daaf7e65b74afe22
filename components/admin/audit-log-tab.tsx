"use client";

import { useState } from "react";
import { AuditLogPage, type AuditLogEntry } from "@/lib/api/contract/admin";
import { auditLogAddress } from "./admin-api";
import { auditChanges } from "@/lib/admin/audit-diff";
import { formatDateTime } from "./format";
import { ListState } from "./list-state";
import { Pagination } from "./pagination";
import { SearchField } from "./search-field";
import { DataTable, Td } from "./table";
import { SEARCH_DEBOUNCE_MS, useDebounced } from "@/components/ui/use-debounced";
import { PAGE_SIZE, usePagedList } from "./use-paged-list";

const COLUMNS = ["When", "Who", "Action", "Target", "Summary", "Changes"];

/** Who changed what in the admin panel, newest first. */
export function AuditLogTab() {
  const [search, setSearch] = useState("");
  const q = useDebounced(search.trim(), SEARCH_DEBOUNCE_MS);
  const list = usePagedList((page) => auditLogAddress(q, page, PAGE_SIZE), AuditLogPage, "the audit log");
  const entries = list.data?.entries ?? [];

  return (
    <section aria-label="Audit log" className="flex flex-col gap-4">
      <div className="max-w-md">
        <SearchField label="Search audit log" placeholder="Operator, action, target or summary" value={search} onChange={setSearch} />
      </div>
      <ListState
        error={list.error}
        data={list.data}
        loadingText="Loading the audit log…"
        empty={entries.length === 0}
        emptyText={q ? "No audit log entries match this search." : "No audit log entries yet."}
        footer={(data) => <Pagination page={list.page} shownPage={data.page} pageSize={PAGE_SIZE} total={data.total} shown={entries.length} onPage={list.setPage} />}
      >
        {() => (
          <DataTable label="Audit log" busy={list.loading} columns={COLUMNS}>
            {entries.map((entry) => (
              <AuditRow key={entry.id} entry={entry} />
            ))}
          </DataTable>
        )}
      </ListState>
    </section>
  );
}

function AuditRow({ entry }: { entry: AuditLogEntry }) {
  const changes = auditChanges(entry.before, entry.after);
  return (
    <tr data-testid={`admin-audit-row-${entry.id}`}>
      <Td className="whitespace-nowrap">{formatDateTime(entry.created_at)}</Td>
      <Td className="break-all">{entry.actor_email}</Td>
      <Td className="font-mono text-xs">{entry.action}</Td>
      <Td>
        <span className="text-muted-foreground">{entry.target_type}</span> <span className="break-all font-mono text-xs">{entry.target_id}</span>
      </Td>
      <Td>{entry.summary}</Td>
      <Td>
        {changes.length === 0 ? (
          <span className="text-muted-foreground">—</span>
        ) : (
          // A native disclosure: keyboard and screen-reader support without extra code.
          <details>
            <summary className="cursor-pointer whitespace-nowrap text-accent">Changes ({changes.length})</summary>
            <ul className="mt-1 flex flex-col gap-1 font-mono text-xs">
              {changes.map((change) => (
                <li key={change.key} className="break-all">
                  <span className="font-semibold">{change.key}</span>: {change.before ?? "(none)"} → {change.after ?? "(none)"}
                </li>
              ))}
            </ul>
          </details>
        )}
      </Td>
    </tr>
  );
}
