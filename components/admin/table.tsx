import { clsx } from "clsx";
import type { ReactNode, TdHTMLAttributes, ThHTMLAttributes } from "react";
import { Button } from "@/components/ui/button";

/** The admin tables' shared look; wide tables scroll sideways instead of breaking the page. */
function Table({ label, children, busy }: { label: string; children: ReactNode; busy?: boolean }) {
  return (
    // relative: the screen-reader-only header text (absolutely placed) stays inside the scrolling box;
    // placed against the page instead, it made the whole admin page 774 px wide at 375 px.
    <div className="relative overflow-x-auto rounded-lg border border-border bg-card">
      <table aria-label={label} aria-busy={busy || undefined} className={clsx("w-full border-collapse text-sm", busy && "opacity-60")}>
        {children}
      </table>
    </div>
  );
}

/**
 * A Table with one header row of plain column names and `children` as the body rows;
 * `actions` adds a last column, named for screen readers only, for the rows' buttons.
 */
export function DataTable({
  label,
  busy,
  columns,
  actions,
  children,
}: {
  label: string;
  busy?: boolean;
  columns: readonly string[];
  actions?: boolean;
  children: ReactNode;
}) {
  return (
    <Table label={label} busy={busy}>
      <thead>
        <tr>
          {columns.map((column) => (
            <Th key={column}>{column}</Th>
          ))}
          {actions && (
            <Th>
              <span className="sr-only">Actions</span>
            </Th>
          )}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </Table>
  );
}

function Th({ className, ...props }: ThHTMLAttributes<HTMLTableCellElement>) {
  return (
    <th
      scope="col"
      className={clsx("whitespace-nowrap border-b border-border bg-muted px-3 py-2 text-left font-medium text-muted-foreground", className)}
      {...props}
    />
  );
}

export function Td({ className, ...props }: TdHTMLAttributes<HTMLTableCellElement>) {
  return <td className={clsx("border-b border-border px-3 py-2 align-top", className)} {...props} />;
}

/** The actions cell of an editable row: one Edit button that opens the row's dialog. */
export function EditCell({ onEdit }: { onEdit(): void }) {
  return (
    <Td>
      <Button variant="secondary" size="sm" onClick={() => onEdit()}>
        Edit
      </Button>
    </Td>
  );
}
