import * as z from "zod/mini";

/** `{ ok: true }`: the answer of a change that has nothing else to say. */
export const OkAnswer = z.object({ ok: z.literal(true) });

export const OK = { ok: true } as const;
