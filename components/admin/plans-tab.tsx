"use client";

import { urlOf } from "@/lib/api/client";
import { adminPlans } from "@/lib/api/endpoints/admin";
import { formatPrice } from "@/lib/billing/pricing";
import { NONE, formatCount, yesNo } from "./format";
import { ListState } from "./list-state";
import { planSaved } from "./messages";
import { PlanEditDialog } from "./plan-edit-dialog";
import { DataTable, EditCell, Td } from "./table";
import { useEditableList } from "./use-admin-list";

const COLUMNS = ["Name", "ID", "Monthly", "Annual", "Hours", "Active", "Popular", "Features", "Tiers"];

export function PlansTab() {
  const { list, editing, setEditing, saved } = useEditableList(urlOf(adminPlans), adminPlans.answer, "plans", "plans", {
    same: (a, b) => a.id === b.id,
    savedMessage: (plan) => planSaved(plan.name),
    // The server may derive fields (language count, checkout), so the table is read again.
    reloadAfterSave: true,
  });

  return (
    <section aria-label="Plans" className="flex flex-col gap-4">
      <ListState error={list.error} data={list.items} loadingText="Loading plans…" empty={list.items?.length === 0} emptyText="No plans.">
        {(plans) => (
          <DataTable label="Plans" busy={list.loading} columns={COLUMNS} actions>
            {plans.map((plan) => (
              <tr key={plan.id} data-testid={`admin-plan-row-${plan.id}`}>
                <Td className="font-medium">{plan.name}</Td>
                <Td className="font-mono text-xs">{plan.id}</Td>
                <Td>{formatPrice(plan.price_monthly, { alwaysCents: true })}</Td>
                <Td>{formatPrice(plan.price_annual, { alwaysCents: true })}</Td>
                <Td>{plan.hours_per_month === null ? "No limit" : formatCount(plan.hours_per_month)}</Td>
                <Td>{yesNo(plan.is_active)}</Td>
                <Td>{yesNo(plan.is_popular)}</Td>
                <Td>{formatCount(plan.features.length)}</Td>
                <Td>{plan.language_tiers.join(", ") || NONE}</Td>
                <EditCell onEdit={() => setEditing(plan)} />
              </tr>
            ))}
          </DataTable>
        )}
      </ListState>
      {editing && <PlanEditDialog plan={editing} onClose={() => setEditing(null)} onSaved={saved} />}
    </section>
  );
}
