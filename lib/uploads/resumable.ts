import type { FileStore } from "@tus/file-store";
import { parseCommaList } from "@/lib/api/contract/list-text";
import type { Upload } from "@tus/server";
import { UploadSource } from "@/lib/api/contract/uploads";
import { DomainError } from "@/lib/errors/domain-error";
import { UPLOAD_EXPIRY_MS } from "@/lib/api/contract/upload-parts";


/** Upload ids are UUIDs we made (they become the transcription's id). */
export const UPLOAD_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The tus extensions a client may ask for that the server does not offer, refused with a
 * sentence before the protocol library sees them (it answers them with a 501, an error
 * of ours in its eyes). Concatenation (parallel uploads) would let one upload be assembled
 * from others, outside the one-file-per-upload checks.
 */
export function refuseUnsupportedExtensions(headers: Headers): void {
  if (headers.has("upload-concat")) {
    throw new DomainError("invalid", "Uploads sent in parallel parts (Upload-Concat) are not supported. Send the file as one upload, its parts one after another.");
  }
}

export interface UploadMetadata {
  filename: string;
  /** null: detect */
  language: string | null;
  contentType: string;
  source: "upload" | "recording";
  /** transcribe only the first this many seconds; null: all of it */
  firstSeconds: number | null;
  /** how many speakers there are; null: detect */
  speakers: number | null;
  /** terms for this upload alone (`vocabulary`, comma-separated) */
  vocabulary: string[];
}

/**
 * What the client said about its file in `Upload-Metadata`: the name it is known by, the
 * language to transcribe, its type, whether it is a recording (`source`) and, with
 * `first_seconds`, how much of it to transcribe, with `speakers`, how many people speak and,
 * with `vocabulary`, terms for this upload alone.
 * Anything else is ignored.
 */
export function metadataOf(upload: Upload): UploadMetadata {
  const m = upload.metadata ?? {};
  const source = UploadSource.safeParse(m.source ?? "upload");
  if (!source.success) throw new DomainError("invalid", source.error.issues[0]!.message);
  return {
    filename: m.filename ?? "",
    language: m.language || null,
    contentType: m.filetype ?? "",
    source: source.data,
    firstSeconds: m.first_seconds ? Number(m.first_seconds) : null,
    speakers: m.speakers ? Number(m.speakers) : null,
    vocabulary: parseCommaList(m.vocabulary ?? ""),
  };
}

/**
 * Removes uploads started more than UPLOAD_EXPIRY_MS ago, with their bytes: unfinished ones
 * (the user never came back) and any a crash left between its last byte and its acceptance.
 * Nothing was reserved for them, so they cost the user nothing.
 */
export async function sweepExpiredUploads(store: FileStore, now = Date.now()): Promise<number> {
  const ids = (await store.configstore.list?.()) ?? [];
  let removed = 0;
  for (const id of ids) {
    const info = await store.configstore.get(id).catch(() => undefined);
    const started = info?.creation_date ? Date.parse(info.creation_date) : NaN;
    if (info && !(now - started < UPLOAD_EXPIRY_MS)) {
      await store.remove(id).catch(() => store.configstore.delete(id));
      removed++;
    }
  }
  return removed;
}
