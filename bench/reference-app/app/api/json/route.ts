import { readFileSync } from "node:fs";

/** A bare JSON route: the same answer as Verbatim's public plans (the file the bench wrote), read on the first call. */
let answer: unknown;

export const dynamic = "force-dynamic";

export function GET() {
  answer ??= JSON.parse(readFileSync(process.env.BARE_JSON_FILE ?? "", "utf8"));
  return Response.json(answer);
}
