import Link from "next/link";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { TranscriptView } from "@/components/transcription/transcript-view";
import { requirePageUser } from "@/lib/auth/page-user";
import { entitlementsFor } from "@/lib/billing/entitlements";
import { db } from "@/lib/db/client";
import { editorCapabilities } from "@/lib/editor/capabilities";
import { formatState } from "@/lib/editor/format-transcript";
import { listStyles, toApiStyle } from "@/lib/editor/styles";
import { llmConfigFromEnv } from "@/lib/formatting/llm-client";
import { findReadable, segmentsOf, toApiTranscription, toEditableSegment } from "@/lib/transcription/queries";
import { payerOfTranscription } from "@/lib/billing/payer";
import { mayEdit, mayManage } from "@/lib/access/roles";

const MAX_FIND_CHARS = 200;

export const metadata: Metadata = { title: "Transcription" };

/** One transcription the user can read (theirs or their workspace's): any other id (or none) is the 404 page. */
export default async function TranscriptionPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<{ find?: string | string[] }> }) {
  const { id } = await params;
  // A search hit opens the transcript at its match (bounded: it only pre-fills the find bar).
  const find = (await searchParams).find;
  const initialFind = typeof find === "string" ? find.slice(0, MAX_FIND_CHARS) : undefined;
  const user = await requirePageUser(db(), `/transcription/${encodeURIComponent(id)}`);
  const renderedAt = new Date().toISOString();
  const t = await findReadable(db(), user.id, id);
  if (!t) notFound();
  // A workspace's transcript is edited and exported as its owner's plan allows; a viewer only reads.
  const [segments, entitlements, styles, format, editor] = await Promise.all([
    t.status === "done" ? segmentsOf(db(), t.id) : [],
    payerOfTranscription(db(), t).then((payer) => entitlementsFor(db(), payer)),
    listStyles(db(), user.id),
    formatState(db(), t),
    mayEdit(db(), user.id, t),
  ]);
  return (
    <main className="mx-auto max-w-4xl px-4 py-10">
      <Link href="/dashboard" className="text-sm text-accent hover:underline">
        ← Back to dashboard
      </Link>
      <TranscriptView
        transcription={toApiTranscription(t)}
        segments={segments.map(toEditableSegment)}
        format={format}
        capabilities={editorCapabilities(entitlements, llmConfigFromEnv() !== null, !editor)}
        styles={styles.map(toApiStyle)}
        renderedAt={renderedAt}
        initialFind={initialFind}
        canShare={await mayManage(db(), user.id, t)}
        canChange={editor}
      />
    </main>
  );
}
