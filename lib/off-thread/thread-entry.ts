import { parentPort } from "node:worker_threads";
import { isDomainError } from "@/lib/errors/domain-error";
import { TASKS, type TaskName } from "./tasks";

export interface TaskRequest {
  id: number;
  task: TaskName;
  input: unknown;
}

export type TaskReply =
  | { id: number; output: unknown }
  | { id: number; domainError: { kind: string; message: string; data: Record<string, unknown> } }
  | { id: number; failure: string };

const port = parentPort;
if (!port) throw new Error("thread-entry.ts runs only as a worker thread.");

port.on("message", async ({ id, task, input }: TaskRequest) => {
  let reply: TaskReply;
  try {
    // The pool only sends names from TASKS with that task's input.
    const run = TASKS[task] as (input: unknown) => unknown;
    reply = { id, output: await run(input) };
  } catch (error) {
    reply = isDomainError(error)
      ? { id, domainError: { kind: error.kind, message: error.message, data: error.data } }
      : { id, failure: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
  port.postMessage(reply, transferables(reply));
});

/**
 * Byte arrays (rendered exports) move to the request's thread instead of being copied; only
 * those that own their whole buffer, since a pooled Buffer's slab holds other values too.
 */
function transferables(reply: TaskReply): ArrayBuffer[] {
  if (!("output" in reply) || !reply.output || typeof reply.output !== "object") return [];
  return Object.values(reply.output).flatMap((v) =>
    v instanceof Uint8Array && v.buffer instanceof ArrayBuffer && v.byteOffset === 0 && v.byteLength === v.buffer.byteLength ? [v.buffer] : [],
  );
}
