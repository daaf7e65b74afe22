"use client";

import { MAX_FIND_CHARS, MAX_REPLACE_CHARS } from "@/lib/api/contract/vocabulary";
import { call } from "@/lib/api/client";
import { addReplacement, deleteReplacement, listReplacements } from "@/lib/api/endpoints/vocabulary";
import { useApi } from "@/lib/api/use-api";
import { WordListSection } from "./word-list-section";

/** A space's find → replace rules, applied to each new transcript after recognition (the editor shows each and can undo it). */
export function ReplacementsSection({ personal }: { personal: boolean }) {
  const query = personal ? { space: "personal" as const } : {};
  const { data, error, mutate } = useApi(listReplacements, { query });
  return (
    <WordListSection
      title="Replacements"
      description={
        personal
          ? "Words the engine mishears, or spellings to write your way, in your own transcriptions: whole words, in any case. The editor marks each change, and you can undo it."
          : "Words the engine mishears, or the house style, in this workspace's transcriptions: whole words, in any case. The editor marks each change, and you can undo it."
      }
      entries={data?.rules.map((r) => ({ id: r.id, main: `${r.find} → ${r.replace}`, deleteLabel: `Delete the rule replacing ${r.find}` }))}
      loadError={error?.message}
      mayManage={data?.may_manage ?? false}
      limit={data?.limit ?? 0}
      empty="No replacements yet."
      readOnlyNote="The workspace's owner and admins change them."
      fields={[
        { name: "find", label: "Find", maxLength: MAX_FIND_CHARS, hint: "Such as mr john guess what." },
        { name: "replace", label: "Replace with", maxLength: MAX_REPLACE_CHARS, hint: "Such as Mister John Dashwood." },
      ]}
      submitLabel="Add rule"
      noun="rule"
      add={(v) => call(addReplacement, { query, body: { find: v.find, replace: v.replace } })}
      remove={(id) => call(deleteReplacement, { params: { id } })}
      refresh={mutate}
    />
  );
}
