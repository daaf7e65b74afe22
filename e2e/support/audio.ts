import { readFileSync } from "node:fs";
import path from "node:path";

export const FIXTURES = path.resolve(__dirname, "../../test/fixtures/audio");
export const JFK_WAV = path.join(FIXTURES, "jfk.wav");
export const JFK_MP3 = path.join(FIXTURES, "jfk.mp3");
export const jfkWav = () => readFileSync(JFK_WAV);
