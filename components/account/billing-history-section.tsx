import { Section } from "./section";

export interface BillingHistoryItem {
  id: string;
  /** already formatted ("14 March 2027") */
  date: string;
  description: string;
}

/** Plan and seat changes, newest first; invoices and receipts stay with the payment provider ("Manage billing"). */
export function BillingHistorySection({ items }: { items: BillingHistoryItem[] }) {
  return (
    <Section title="Billing history" description="Plan and seat changes on your account. Invoices and receipts are under Manage billing.">
      {items.length === 0 ? (
        <p className="text-sm text-muted-foreground">No plan or seat changes yet.</p>
      ) : (
        <ol className="divide-y divide-border text-sm">
          {items.map((item) => (
            <li key={item.id} className="flex flex-wrap justify-between gap-x-4 gap-y-1 py-2">
              <span>{item.description}</span>
              <time className="text-muted-foreground">{item.date}</time>
            </li>
          ))}
        </ol>
      )}
    </Section>
  );
}
