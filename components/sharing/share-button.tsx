"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ShareDialog } from "./share-dialog";

/** The transcript toolbar's "Share" button, shown to whoever may manage the transcript. */
export function ShareButton({ transcriptionId }: { transcriptionId: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type="button" size="sm" variant="secondary" onClick={() => setOpen(true)}>Share</Button>
      <ShareDialog transcriptionId={transcriptionId} open={open} onOpenChange={setOpen} />
    </>
  );
}
