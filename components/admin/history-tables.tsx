import type { AdminBillingEvent, AdminSubscription } from "@/lib/api/contract/admin";
import { NONE, formatDate, formatDateTime, intervalLabel, subscriptionLabel } from "./format";
import { DataTable, Td } from "./table";

const SUBSCRIPTION_COLUMNS = ["Plan", "Status", "Interval", "Period ends", "Trial ends", "Scheduled change", "Created"];
const EVENT_COLUMNS = ["Event", "Plan", "Interval", "Description", "Date"];

function Heading({ children }: { children: string }) {
  return <h3 className="mb-2 text-sm font-semibold">{children}</h3>;
}

function Empty({ children }: { children: string }) {
  return <p className="rounded-lg bg-muted p-3 text-sm text-muted-foreground">{children}</p>;
}

function scheduledChange(sub: AdminSubscription): string {
  const change = sub.scheduled_plan_change;
  if (!change) return NONE;
  return `${change.plan_id} (${intervalLabel(change.billing_interval).toLowerCase()}) on ${formatDate(change.effective_at)}`;
}

export function SubscriptionsTable({ subscriptions }: { subscriptions: AdminSubscription[] }) {
  return (
    <section aria-label="Subscriptions">
      <Heading>Subscriptions</Heading>
      {subscriptions.length === 0 ? (
        <Empty>No subscriptions.</Empty>
      ) : (
        <DataTable label="Subscriptions" columns={SUBSCRIPTION_COLUMNS}>
          {subscriptions.map((sub) => (
            <tr key={sub.id}>
              <Td>{sub.plan_name}</Td>
              <Td className="whitespace-nowrap">
                {subscriptionLabel(sub.status, sub.trial_end)}
                {sub.cancel_at_period_end && <span className="block text-xs text-muted-foreground">Cancels at period end</span>}
              </Td>
              <Td>{intervalLabel(sub.billing_interval)}</Td>
              <Td className="whitespace-nowrap">{formatDate(sub.current_period_end)}</Td>
              <Td className="whitespace-nowrap">{formatDate(sub.trial_end)}</Td>
              <Td>{scheduledChange(sub)}</Td>
              <Td className="whitespace-nowrap">{formatDateTime(sub.created_at)}</Td>
            </tr>
          ))}
        </DataTable>
      )}
    </section>
  );
}

export function BillingHistoryTable({ events }: { events: AdminBillingEvent[] }) {
  return (
    <section aria-label="Billing history">
      <Heading>Billing history</Heading>
      {events.length === 0 ? (
        <Empty>No billing events.</Empty>
      ) : (
        <DataTable label="Billing history" columns={EVENT_COLUMNS}>
          {events.map((event) => (
            <tr key={event.id}>
              <Td className="font-mono text-xs">{event.event_type}</Td>
              <Td>{event.plan_id ?? NONE}</Td>
              <Td>{intervalLabel(event.billing_interval)}</Td>
              <Td>{event.description || NONE}</Td>
              <Td className="whitespace-nowrap">{formatDateTime(event.created_at)}</Td>
            </tr>
          ))}
        </DataTable>
      )}
    </section>
  );
}
