import { open } from "node:fs/promises";
import { and, asc, eq, gte, sql } from "drizzle-orm";
import { queryRows, type Database } from "@/lib/db/client";
import { liveChunks } from "@/lib/db/schema";
import { BYTES_PER_SECOND, WAV_HEADER_BYTES, wavHeader } from "@/lib/audio/wav";
import { LIVE_CHUNK_BYTES } from "./pcm-chunks";

/** Chunks read from the database at a time: 10 s of audio. */
const BATCH = 40;

/** Whether this transcription is a live recording whose audio is still in chunks. */
export async function hasLiveAudio(database: Database, transcriptionId: string): Promise<boolean> {
  const rows = await queryRows<{ any: boolean }>(
    database,
    sql`select exists (select 1 from live_chunks where transcription_id = ${transcriptionId}) as any`,
  );
  return Boolean(rows[0]?.any);
}

/**
 * Writes a live recording's chunks, in order, as one 16 kHz mono WAV — a chunk that never
 * arrived is silence, so the times of the live draft still match the audio. Reads a batch
 * at a time: memory stays flat however long the recording. Returns its length in seconds.
 */
export async function assembleRecording(database: Database, transcriptionId: string, wavPath: string): Promise<number> {
  const file = await open(wavPath, "w");
  let bytes = 0;
  try {
    await file.write(wavHeader(0), 0, WAV_HEADER_BYTES, 0);
    let next = 0;
    for (;;) {
      const rows = await database
        .select({ seq: liveChunks.seq, pcm: liveChunks.pcm })
        .from(liveChunks)
        .where(and(eq(liveChunks.transcriptionId, transcriptionId), gte(liveChunks.seq, next)))
        .orderBy(asc(liveChunks.seq))
        .limit(BATCH);
      if (!rows.length) break;
      for (const row of rows) {
        const data = row.seq > next ? Buffer.concat([Buffer.alloc((row.seq - next) * LIVE_CHUNK_BYTES), row.pcm]) : row.pcm;
        await file.write(data, 0, data.length, WAV_HEADER_BYTES + bytes);
        bytes += data.length;
        next = row.seq + 1;
      }
    }
    await file.write(wavHeader(bytes), 0, WAV_HEADER_BYTES, 0);
  } finally {
    await file.close();
  }
  return bytes / BYTES_PER_SECOND;
}
