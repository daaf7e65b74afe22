import type { ReactNode } from "react";
import { Alert } from "@/components/ui/alert";

interface ListStateProps<T> {
  error: string | null;
  /** null until the first answer; while it is null (and nothing failed) `loadingText` shows */
  data: T | null;
  loadingText: string;
  /** the loaded data has no rows: `emptyText` shows instead of `children` */
  empty: boolean;
  emptyText: string;
  /** the rows (a table), once loaded and not empty */
  children(data: T): ReactNode;
  /** once loaded, above and below the rows or the empty text (a total, pagination) */
  header?(data: T): ReactNode;
  footer?(data: T): ReactNode;
}

/**
 * The admin lists' states: the load failure, 'Loading …' before the first answer, 'No …'
 * for no rows, else the rows. A failed reload keeps the last rows on screen under the alert.
 */
export function ListState<T>({ error, data, loadingText, empty, emptyText, children, header, footer }: ListStateProps<T>) {
  return (
    <>
      {error && <Alert>{error}</Alert>}
      {data === null ? (
        !error && <p className="text-sm text-muted-foreground">{loadingText}</p>
      ) : (
        <>
          {header?.(data)}
          {empty ? <p className="rounded-lg bg-muted p-4 text-sm">{emptyText}</p> : children(data)}
          {footer?.(data)}
        </>
      )}
    </>
  );
}
