"use client";

import { useState } from "react";
import { AdminUserPage, type AdminUser } from "@/lib/api/contract/admin";
import { setUserActive, usersAddress } from "./admin-api";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { DeleteUserDialog } from "./delete-user-dialog";
import { plural } from "./format";
import { ListState } from "./list-state";
import { NO_USERS, userActiveChanged, userDeleted, userUpdateFailed } from "./messages";
import { useNotify } from "./notice";
import { Pagination } from "./pagination";
import { DataTable } from "./table";
import { SEARCH_DEBOUNCE_MS, useDebounced } from "@/components/ui/use-debounced";
import { PAGE_SIZE, usePagedList } from "./use-paged-list";
import { NO_FILTERS, UserFilterBar, type UserFilterChoice } from "./user-filters";
import { UserHistoryDialog } from "./user-history-dialog";
import { USER_COLUMNS, UserRow } from "./user-row";

/** The signed-in operator, from the server page. */
export interface Operator {
  id: string;
  email: string;
}

export function UsersTab({ operator }: { operator: Operator }) {
  const notify = useNotify();
  const [search, setSearch] = useState("");
  const q = useDebounced(search.trim(), SEARCH_DEBOUNCE_MS);
  const [filters, setFilters] = useState<UserFilterChoice>(NO_FILTERS);
  const list = usePagedList((page) => usersAddress({ q, ...filters }, page, PAGE_SIZE), AdminUserPage, "users");
  const [busyIds, setBusyIds] = useState<ReadonlySet<string>>(new Set());
  const [historyFor, setHistoryFor] = useState<AdminUser | null>(null);
  const [deleteFor, setDeleteFor] = useState<AdminUser | null>(null);
  const [deactivateFor, setDeactivateFor] = useState<AdminUser | null>(null);

  function markBusy(id: string, busy: boolean) {
    setBusyIds((old) => {
      const next = new Set(old);
      if (busy) next.add(id);
      else next.delete(id);
      return next;
    });
  }

  async function toggleActive(user: AdminUser) {
    markBusy(user.id, true);
    const result = await setUserActive(user.id, !user.is_active);
    markBusy(user.id, false);
    if (!result.ok) return notify("error", userUpdateFailed(result));
    const updated = result.data;
    list.update((old) => ({ ...old, users: old.users.map((row) => (row.id === updated.id ? updated : row)) }));
    notify("success", userActiveChanged(updated));
  }

  function deleted(user: { name: string; email: string }) {
    setDeleteFor(null);
    notify("success", userDeleted(user));
    list.reload();
  }

  const users = list.data?.users ?? [];
  return (
    <section aria-label="Users" className="flex flex-col gap-4">
      <UserFilterBar search={search} onSearch={setSearch} filters={filters} onFilters={setFilters} />
      <ListState
        error={list.error}
        data={list.data}
        loadingText="Loading users…"
        empty={users.length === 0}
        emptyText={NO_USERS}
        header={(data) => (
          <p className="text-sm font-medium" data-testid="admin-users-total">
            {plural(data.total, "user")}
          </p>
        )}
        footer={(data) => <Pagination page={list.page} shownPage={data.page} pageSize={PAGE_SIZE} total={data.total} shown={users.length} onPage={list.setPage} />}
      >
        {() => (
          <DataTable label="Users" busy={list.loading} columns={USER_COLUMNS} actions>
            {users.map((user) => (
              <UserRow
                key={user.id}
                user={user}
                isSelf={user.id === operator.id || user.email.toLowerCase() === operator.email.toLowerCase()}
                busy={busyIds.has(user.id)}
                // Deactivating cuts the user off at once, so it is confirmed; activating is harmless.
                onToggleActive={(user) => (user.is_active ? setDeactivateFor(user) : void toggleActive(user))}
                onHistory={setHistoryFor}
                onDelete={setDeleteFor}
              />
            ))}
          </DataTable>
        )}
      </ListState>
      {historyFor && <UserHistoryDialog user={historyFor} onClose={() => setHistoryFor(null)} />}
      <ConfirmDialog
        open={deactivateFor !== null}
        onOpenChange={(open) => !open && setDeactivateFor(null)}
        title={`Deactivate ${deactivateFor?.name || deactivateFor?.email}?`}
        description="They are signed out at once and cannot sign in or use the app until an operator activates them again."
        confirmLabel="Deactivate"
        onConfirm={() => {
          if (deactivateFor) void toggleActive(deactivateFor);
          setDeactivateFor(null);
        }}
      />
      {deleteFor && <DeleteUserDialog user={deleteFor} onClose={() => setDeleteFor(null)} onDeleted={deleted} />}
    </section>
  );
}
