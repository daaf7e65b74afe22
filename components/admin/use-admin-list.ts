"use client";

import { useCallback, useEffect, useState } from "react";
import type { ApiResult } from "./admin-api";
import { loadFailed } from "./messages";
import { useNotify } from "./notice";

interface AdminList<T> {
  /** null until the first answer */
  items: T[] | null;
  error: string | null;
  loading: boolean;
  reload(): void;
  /** Puts one saved item in place without asking the server again. */
  replace(match: (item: T) => boolean, next: T): void;
}

/**
 * Loads one of the small admin lists (plans, tiers, settings). `load` must be a stable
 * module function; `what` words the failure ('Failed to load plans: 500').
 */
function useAdminList<T>(load: () => Promise<ApiResult<T[]>>, what: string): AdminList<T> {
  const [items, setItems] = useState<T[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    let current = true;
    load().then((result) => {
      // An answer for a reload that was superseded (or a tab already closed) is dropped.
      if (!current) return;
      setLoading(false);
      if (result.ok) {
        setItems(result.data);
        setError(null);
      } else {
        setError(loadFailed(what, result));
      }
    });
    return () => {
      current = false;
    };
  }, [load, what, generation]);

  const reload = useCallback(() => {
    setLoading(true);
    setGeneration((n) => n + 1);
  }, []);

  const replace = useCallback((match: (item: T) => boolean, next: T) => {
    setItems((old) => old?.map((item) => (match(item) ? next : item)) ?? old);
  }, []);

  return { items, error, loading, reload, replace };
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

/** An admin list whose rows are edited one at a time in a dialog (plans, tiers, settings). */
export function useEditableList<T>(
  load: () => Promise<ApiResult<T[]>>,
  what: string,
  { same, savedMessage, reloadAfterSave }: EditableListOptions<T>,
): EditableList<T> {
  const notify = useNotify();
  const list = useAdminList(load, what);
  const [editing, setEditing] = useState<T | null>(null);

  function saved(item: T) {
    setEditing(null);
    list.replace((old) => same(old, item), item);
    notify("success", savedMessage(item));
    if (reloadAfterSave) list.reload();
  }

  return { list, editing, setEditing, saved };
}
