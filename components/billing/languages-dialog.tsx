"use client";

import { Button } from "@/components/ui/button";
import { Modal, ModalClose } from "@/components/ui/modal";
import type { Language } from "@/lib/billing/language-coverage";

function LanguageList({ label, languages }: { label: string; languages: readonly Language[] }) {
  return (
    <ul aria-label={label} className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-3">
      {languages.map((language) => (
        <li key={language.code} lang={language.code}>
          {language.name}
        </li>
      ))}
    </ul>
  );
}

/**
 * Spec §2: each plan's 'View Languages' dialog, with the total count in its title. Where this
 * server transcribes fewer of them today, it lists those first and the others apart.
 */
export function LanguagesDialog({
  planName,
  languages,
  transcribed,
  open,
  onOpenChange,
}: {
  planName: string;
  languages: Language[];
  /** the ones this server transcribes today, when fewer than all (see transcribedToday) */
  transcribed: Language[] | null;
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const today = new Set(transcribed?.map((l) => l.code));
  const later = transcribed ? languages.filter((l) => !today.has(l.code)) : [];
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={`${planName}: ${languages.length} languages`}
      description={
        transcribed
          ? `The ${planName} plan lists these ${languages.length} languages. This server transcribes ${transcribed.length} of them today.`
          : `The ${planName} plan transcribes these ${languages.length} languages.`
      }
      width="max-w-2xl"
    >
      {languages.length === 0 ? (
        <p className="text-sm text-muted-foreground">No languages are listed for this plan.</p>
      ) : transcribed ? (
        <div className="flex flex-col gap-4">
          {transcribed.length > 0 && (
            <section>
              <h3 className="mb-1 text-sm font-semibold">Transcribed today ({transcribed.length})</h3>
              <LanguageList label={`${planName} languages transcribed today`} languages={transcribed} />
            </section>
          )}
          <section>
            <h3 className="mb-1 text-sm font-semibold">Not yet transcribed on this server ({later.length})</h3>
            <LanguageList label={`${planName} languages not yet transcribed`} languages={later} />
          </section>
        </div>
      ) : (
        <LanguageList label={`${planName} languages`} languages={languages} />
      )}
      <div className="mt-6 flex justify-end">
        <ModalClose asChild>
          <Button variant="secondary">Close</Button>
        </ModalClose>
      </div>
    </Modal>
  );
}
