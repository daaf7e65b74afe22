"use client";

import { useState } from "react";
import type { AdminSetting } from "@/lib/api/contract/admin";
import { Field, TextArea } from "@/components/ui/field";
import { updateSetting } from "./admin-api";
import { EditDialog } from "./edit-dialog";
import { settingSaveFailed } from "./messages";

/**
 * Spec §2/§5/§7: a setting's value and description; the key cannot be edited. A failure
 * keeps the dialog open with the spec's alert text, so the operator can correct the value.
 */
export function SettingEditDialog({
  setting,
  onClose,
  onSaved,
}: {
  setting: AdminSetting;
  onClose(): void;
  onSaved(setting: AdminSetting): void;
}) {
  const [value, setValue] = useState(setting.value);
  const [description, setDescription] = useState(setting.description);

  return (
    <EditDialog
      title="Edit setting"
      // Sent as typed: the server owns the per-key rules and says what is wrong.
      save={() => updateSetting(setting.key, { value, description })}
      failed={settingSaveFailed}
      onSaved={onSaved}
      onClose={onClose}
    >
      <Field label="Key" value={setting.key} disabled readOnly className="font-mono opacity-70" />
      <Field label="Value" value={value} onChange={(e) => setValue(e.target.value)} autoComplete="off" spellCheck={false} />
      <TextArea label="Description" rows={3} value={description} onChange={(e) => setDescription(e.target.value)} />
    </EditDialog>
  );
}
