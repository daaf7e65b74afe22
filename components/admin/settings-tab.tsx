"use client";

import { urlOf } from "@/lib/api/client";
import { adminSettings } from "@/lib/api/endpoints/admin";
import { EngineStatus } from "./engine-status";
import { formatDateTime } from "./format";
import { ListState } from "./list-state";
import { settingSaved } from "./messages";
import { SettingEditDialog } from "./setting-edit-dialog";
import { DataTable, EditCell, Td } from "./table";
import { useEditableList } from "./use-admin-list";

const COLUMNS = ["Key", "Value", "Description", "Updated"];

export function SettingsTab() {
  const { list, editing, setEditing, saved } = useEditableList(urlOf(adminSettings), adminSettings.answer, "settings", "settings", {
    same: (a, b) => a.key === b.key,
    savedMessage: (setting) => settingSaved(setting.key),
  });

  return (
    <section aria-label="Settings" className="flex flex-col gap-4">
      <EngineStatus />
      <ListState error={list.error} data={list.items} loadingText="Loading settings…" empty={list.items?.length === 0} emptyText="No settings.">
        {(settings) => (
          <DataTable label="Settings" busy={list.loading} columns={COLUMNS} actions>
            {settings.map((setting) => (
              <tr key={setting.key} data-testid={`admin-setting-row-${setting.key}`}>
                <Td className="font-mono text-xs">{setting.key}</Td>
                <Td className="break-all font-mono text-xs">{setting.value}</Td>
                <Td>{setting.description}</Td>
                <Td className="whitespace-nowrap">{formatDateTime(setting.updated_at)}</Td>
                <EditCell onEdit={() => setEditing(setting)} />
              </tr>
            ))}
          </DataTable>
        )}
      </ListState>
      {editing && <SettingEditDialog setting={editing} onClose={() => setEditing(null)} onSaved={saved} />}
    </section>
  );
}
