"use client";

import { Button } from "@/components/ui/button";
import { Modal, ModalClose } from "@/components/ui/modal";
import type { Language } from "./plan-summary";

/** Spec §2: each plan's 'View Languages' dialog, with the total count in its title. */
export function LanguagesDialog({
  planName,
  languages,
  open,
  onOpenChange,
}: {
  planName: string;
  languages: Language[];
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={`${planName}: ${languages.length} languages`}
      description={`The ${planName} plan transcribes these ${languages.length} languages.`}
      width="max-w-2xl"
    >
      {languages.length === 0 ? (
        <p className="text-sm text-muted-foreground">No languages are listed for this plan.</p>
      ) : (
        <ul aria-label={`${planName} languages`} className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-3">
          {languages.map((language) => (
            <li key={language.code} lang={language.code}>
              {language.name}
            </li>
          ))}
        </ul>
      )}
      <div className="mt-6 flex justify-end">
        <ModalClose asChild>
          <Button variant="secondary">Close</Button>
        </ModalClose>
      </div>
    </Modal>
  );
}
