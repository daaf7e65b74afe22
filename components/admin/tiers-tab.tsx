"use client";

import { urlOf } from "@/lib/api/client";
import { adminTiers } from "@/lib/api/endpoints/admin";
import { formatCount } from "./format";
import { ListState } from "./list-state";
import { tierSaved } from "./messages";
import { DataTable, EditCell, Td } from "./table";
import { TierEditDialog } from "./tier-edit-dialog";
import { useEditableList } from "./use-admin-list";

const COLUMNS = ["ID", "Description", "Languages", "Sample"];
const SAMPLE_SIZE = 4;

function sample(languages: Record<string, string>): string {
  const names = Object.values(languages);
  const shown = names.slice(0, SAMPLE_SIZE).join(", ");
  return names.length > SAMPLE_SIZE ? `${shown}, …` : shown || "—";
}

export function TiersTab() {
  const { list, editing, setEditing, saved } = useEditableList(urlOf(adminTiers), adminTiers.answer, "tiers", "language tiers", {
    same: (a, b) => a.id === b.id,
    savedMessage: (tier) => tierSaved(tier.id),
  });

  return (
    <section aria-label="Language Tiers" className="flex flex-col gap-4">
      <ListState
        error={list.error}
        data={list.items}
        loadingText="Loading language tiers…"
        empty={list.items?.length === 0}
        emptyText="No language tiers."
      >
        {(tiers) => (
          <DataTable label="Language tiers" busy={list.loading} columns={COLUMNS} actions>
            {tiers.map((tier) => (
              <tr key={tier.id} data-testid={`admin-tier-row-${tier.id}`}>
                <Td className="font-mono text-xs">{tier.id}</Td>
                <Td>{tier.description}</Td>
                <Td>{formatCount(Object.keys(tier.languages).length)}</Td>
                <Td className="text-muted-foreground">{sample(tier.languages)}</Td>
                <EditCell onEdit={() => setEditing(tier)} />
              </tr>
            ))}
          </DataTable>
        )}
      </ListState>
      {editing && <TierEditDialog tier={editing} onClose={() => setEditing(null)} onSaved={saved} />}
    </section>
  );
}
