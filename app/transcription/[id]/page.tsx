import { notFound } from "next/navigation";
import { requirePageUser } from "@/lib/auth/page-user";

/**
 * The transcript editor arrives with transcriptions themselves. Until then no id belongs to
 * anyone, so every id answers the 404 page, exactly as another user's id will.
 */
export default async function TranscriptionPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  await requirePageUser(`/transcription/${encodeURIComponent(id)}`);
  notFound();
}
