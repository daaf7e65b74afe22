import path from "node:path";
import { sql } from "./fixtures";

/** For the fake microphone: real speech (President Kennedy, 11 s, then 3 s of quiet), played over and over. */
export const SPEECH = path.resolve(__dirname, "../../test/fixtures/audio/jfk-then-pause.wav");

/** The user's newest transcription, as the database has it. */
export async function recordingOf(email: string) {
  const rows = await sql<{ id: string; status: string; duration_s: string }>(
    "select t.id, t.status, t.duration_s from transcriptions t join users u on u.id = t.user_id where u.email = $1 order by t.created_at desc",
    [email],
  );
  return rows[0];
}
