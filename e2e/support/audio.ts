import { readFileSync } from "node:fs";
import path from "node:path";

const FIXTURES = path.resolve(__dirname, "../../test/fixtures/audio");
export const JFK_WAV = path.join(FIXTURES, "jfk.wav");
export const jfkWav = () => readFileSync(JFK_WAV);
