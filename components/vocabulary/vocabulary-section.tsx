"use client";

import { parseCommaList } from "@/lib/api/contract/list-text";
import { MAX_TERM_CHARS, MAX_SOUNDS_LIKE } from "@/lib/api/contract/vocabulary";
import { call } from "@/lib/api/client";
import { addVocabularyTerm, deleteVocabularyTerm, listVocabulary } from "@/lib/api/endpoints/vocabulary";
import { useApi } from "@/lib/api/use-api";
import { WordListSection } from "./word-list-section";

interface ListProps {
  /** the signed-in user's own list (the account page), else the active workspace's */
  personal: boolean;
}

/**
 * The words and names a space's transcripts should be written with: each engine hears them as
 * it can, and a term's "sounds like" hints are written as the term.
 */
export function VocabularySection({ personal }: ListProps) {
  const query = personal ? { space: "personal" as const } : {};
  const { data, error, mutate } = useApi(listVocabulary, { query });
  return (
    <WordListSection
      title="Vocabulary"
      description={
        personal
          ? "Names, places and jargon to write as you spell them, in your transcriptions and your uploads to workspaces. Add how a word sounds when the engine hears it as other words."
          : "Names, places and jargon to write as spelt here, in this workspace's transcriptions. Members' own vocabularies are added to it."
      }
      entries={data?.terms.map((t) => ({
        id: t.id,
        main: t.term,
        detail: t.sounds_like.length ? `Sounds like: ${t.sounds_like.join(", ")}` : undefined,
        deleteLabel: `Delete the term ${t.term}`,
      }))}
      loadError={error?.message}
      mayManage={data?.may_manage ?? false}
      limit={data?.limit ?? 0}
      empty="No terms yet."
      readOnlyNote="The workspace's owner and admins change it."
      fields={[
        { name: "term", label: "Term", maxLength: MAX_TERM_CHARS, hint: "As it should be written, such as Dashwood." },
        { name: "soundsLike", label: "Sounds like", maxLength: 200, optional: true, hint: `Optional: up to ${MAX_SOUNDS_LIKE}, comma-separated, such as dash wood.` },
      ]}
      submitLabel="Add term"
      noun="term"
      add={(v) => call(addVocabularyTerm, { query, body: { term: v.term, sounds_like: parseCommaList(v.soundsLike) } })}
      remove={(id) => call(deleteVocabularyTerm, { params: { id } })}
      refresh={mutate}
    />
  );
}
