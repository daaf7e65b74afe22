import { Button } from "@/components/ui/button";
import { formatCount } from "./format";

/**
 * "Showing 26–50 of 10,000" with Previous/Next; `page` counts from 1. The buttons stay
 * enabled while a page loads (the list ignores answers that arrive late), so keyboard
 * focus is not lost between pages.
 */
export function Pagination({
  page,
  shownPage = page,
  pageSize,
  total,
  shown,
  onPage,
}: {
  /** the page asked for last; Previous/Next step from it */
  page: number;
  /** the page whose rows are on screen (it lags `page` while the next one loads) */
  shownPage?: number;
  pageSize: number;
  total: number;
  /** rows on this page */
  shown: number;
  onPage(page: number): void;
}) {
  const first = total === 0 || shown === 0 ? 0 : (shownPage - 1) * pageSize + 1;
  const last = first === 0 ? 0 : first + shown - 1;
  const lastPage = Math.max(1, Math.ceil(total / pageSize));
  return (
    <nav aria-label="Pagination" className="flex flex-wrap items-center justify-between gap-3 text-sm">
      <p className="text-muted-foreground" data-testid="admin-pagination-summary">
        {first === 0 ? `Showing 0 of ${formatCount(total)}` : `Showing ${formatCount(first)}–${formatCount(last)} of ${formatCount(total)}`}
      </p>
      <div className="flex gap-2">
        <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          Previous
        </Button>
        <Button variant="secondary" size="sm" disabled={page >= lastPage} onClick={() => onPage(page + 1)}>
          Next
        </Button>
      </div>
    </nav>
  );
}
