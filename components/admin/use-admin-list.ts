"use client";

import { useState } from "react";
import type * as z from "zod/mini";
import { useAdminRead } from "./use-admin-read";
import { loadFailed } from "./messages";
import { useNotify } from "./notice";

interface AdminList<T> {
  /** null until the first answer */
  items: T[] | null;
  error: string | null;
  /** a read is under way (the first one, a refresh after a save, or SWR's on focus) */
  loading: boolean;
}

export interface EditableList<T> {
  list: AdminList<T>;
  /** the item whose edit dialog is open */
  editing: T | null;
  setEditing(item: T | null): void;
  /** The dialog's onSaved: closes it, puts the saved item in its row and says so in the banner. */
  saved(item: T): void;
}

interface EditableListOptions<T> {
  /** whether two items are the same row (same id or key) */
  same(a: T, b: T): boolean;
  /** the banner text after a save */
  savedMessage(item: T): string;
  /** read the list again after a save, for fields the server derives */
  reloadAfterSave?: boolean;
}

/**
 * One of the small admin lists (plans, tiers, settings), read through SWR from `address`, whose
 * answer holds the rows under `key` (`{ plans: [...] }`); its rows are edited one at a time in
 * a dialog. `what` words the failure ('Failed to load plans: 500').
 */
export function useEditableList<K extends string, T>(
  address: string,
  answer: z.ZodMiniType<Record<K, T[]>>,
  key: K,
  what: string,
  { same, savedMessage, reloadAfterSave = false }: EditableListOptions<T>,
): EditableList<T> {
  const notify = useNotify();
  const { data, error, isValidating, mutate } = useAdminRead(address, answer);
  const [editing, setEditing] = useState<T | null>(null);

  function saved(item: T) {
    setEditing(null);
    void mutate(
      (old) => {
        if (!old) return old;
        const next = { ...old };
        next[key] = old[key].map((row) => (same(row, item) ? item : row));
        return next;
      },
      { revalidate: reloadAfterSave },
    );
    notify("success", savedMessage(item));
  }

  return {
    list: { items: data?.[key] ?? null, error: error ? loadFailed(what, error.failure) : null, loading: isValidating },
    editing,
    setEditing,
    saved,
  };
}
