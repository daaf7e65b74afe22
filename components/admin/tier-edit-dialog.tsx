"use client";

import { useState } from "react";
import type { AdminLanguageTier } from "@/lib/api/contract/admin";
import { formatLanguageLines } from "@/lib/api/contract/list-text";
import { Field, TextArea } from "@/components/ui/field";
import { updateLanguageTier } from "./admin-api";
import { EditDialog } from "./edit-dialog";
import { tierSaveFailed } from "./messages";
import { languageLinesText, summariseLanguageLines } from "./tier-form";

/** Spec §2/§5/§7: a tier's description and its languages, one 'code: Name' per line. */
export function TierEditDialog({
  tier,
  onClose,
  onSaved,
}: {
  tier: AdminLanguageTier;
  onClose(): void;
  onSaved(tier: AdminLanguageTier): void;
}) {
  const [description, setDescription] = useState(tier.description);
  const [lines, setLines] = useState(() => formatLanguageLines(tier.languages));
  const summary = summariseLanguageLines(lines);

  return (
    <EditDialog
      title={`Edit language tier ${tier.id}`}
      width="max-w-xl"
      save={() => updateLanguageTier(tier.id, { description: description.trim(), languages: summary.languages })}
      failed={tierSaveFailed}
      onSaved={onSaved}
      onClose={onClose}
    >
      <Field label="Description" value={description} onChange={(e) => setDescription(e.target.value)} />
      <TextArea
        label="Languages"
        rows={12}
        value={lines}
        onChange={(e) => setLines(e.target.value)}
        spellCheck={false}
        className="font-mono text-sm"
        hint="One 'code: Name' per line, e.g. en: English. Lines without a code or a name are ignored."
      />
      <p aria-live="polite" className="text-sm" data-testid="admin-tier-language-count">
        {languageLinesText(summary)}
      </p>
    </EditDialog>
  );
}
