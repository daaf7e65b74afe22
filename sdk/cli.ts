/**
 * `verbatim`: the command line on the typed client. The key comes from VERBATIM_API_KEY and
 * the server from VERBATIM_URL. What a command produces (an id, a transcript, JSON) goes to
 * stdout, so it can be piped; progress and sentences go to stderr. Exit 0: done; 1: the server
 * or the transcription refused or failed (its sentence is printed); 2: the command was wrong.
 */
import { access, constants, writeFile } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import { Verbatim } from "./verbatim-client";

export const USAGE = `Usage: verbatim <command> [options]

Commands:
  transcribe <file>     Upload an audio or video file (resumable) and print its id
      --language <code>   the spoken language ("en"); detected when left out
      --speakers <n>      how many people speak (1-10)
      --wait              wait until it is transcribed
      --format <format>   then print the transcript as txt, md, pdf, docx, srt or vtt (implies --wait)
      --out <path>        write the transcript to this file instead of stdout
  status <id>           Print a transcription as JSON
  wait <id>             Wait until a transcription is done
  export <id> --format <format> [--out <path>] [--timestamps]
                        Print or save a finished transcript
  list [--search <words>]
                        List transcriptions: id, status, title

Environment:
  VERBATIM_API_KEY      an API key from the Developers page (required)
  VERBATIM_URL          the server's address (default http://localhost:3000)`;

/** What the command line's caller sees: where the output and the sentences go, and the environment. */
export interface Console {
  out: (chunk: string | Buffer) => void;
  err: (line: string) => void;
  env: Record<string, string | undefined>;
  /** whether stderr is a terminal (then upload progress is shown as it goes) */
  interactive?: boolean;
  /** whether stdout is a terminal (then a PDF or Word file is not printed to it) */
  terminal?: boolean;
}

const BINARY_FORMATS = new Set(["pdf", "docx"]);
const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

class UsageError extends Error {}

const OPTIONS = {
  language: { type: "string" },
  speakers: { type: "string" },
  wait: { type: "boolean" },
  format: { type: "string" },
  out: { type: "string" },
  timestamps: { type: "boolean" },
  search: { type: "string" },
  help: { type: "boolean", short: "h" },
} as const;

function parse(argv: string[]) {
  try {
    return parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}

function speakersOf(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 10) throw new UsageError(`--speakers takes a whole number from 1 to 10, not "${value}".`);
  return n;
}

const one = (positionals: string[], what: string) => {
  if (positionals.length !== 1) throw new UsageError(`Give exactly one ${what}.`);
  return positionals[0];
};

/** Runs one command; resolves with the exit code. */
export async function runCli(argv: string[], io: Console): Promise<number> {
  try {
    const { values, positionals } = parse(argv);
    const [command, ...rest] = positionals;
    if (values.help || !command || command === "help") {
      io.out(`${USAGE}\n`);
      return command || values.help ? 0 : 2;
    }
    const apiKey = io.env.VERBATIM_API_KEY;
    if (!apiKey) throw new UsageError("Set VERBATIM_API_KEY to an API key from the Developers page.");
    const url = io.env.VERBATIM_URL || "http://localhost:3000";
    const client = new Verbatim({ url, apiKey, uploadMemory: io.env.VERBATIM_UPLOAD_MEMORY });
    const address = new URL(url);
    if (address.protocol === "http:" && !LOOPBACK.has(address.hostname)) io.err(`Warning: ${address.origin} is not encrypted (http): the API key crosses the network readable. Use https.`);
    // What would fail after a long upload and wait is checked first.
    if (values.format && BINARY_FORMATS.has(values.format) && !values.out && io.terminal) {
      throw new UsageError(`A ${values.format} file is not text: save it with --out <path>, or redirect the output to a file.`);
    }
    if (values.out) {
      await access(path.dirname(path.resolve(values.out)), constants.W_OK).catch(() => {
        throw new UsageError(`Cannot write ${values.out}: its folder does not exist or is not writable.`);
      });
    }

    const deliver = async (id: string, format: string) => {
      const { filename, bytes } = await client.export(id, format, { timestamps: values.timestamps });
      if (values.out) {
        await writeFile(values.out, bytes);
        io.err(`Saved ${filename} to ${values.out}.`);
      } else io.out(bytes);
    };
    const waitFor = (id: string) =>
      client.waitUntilDone(id, {
        onStatus: (t) => {
          const seen = t.status === "processing" ? `processing ${Math.round(t.progress)} %` : t.status;
          io.err(`${t.title}: ${seen}`);
        },
      });

    switch (command) {
      case "transcribe": {
        const file = one(rest, "file to transcribe");
        let drawn = -1;
        const created = await client.upload(file, {
          language: values.language,
          speakers: speakersOf(values.speakers),
          onProgress: (sent, total) => {
            const percent = total ? Math.floor((sent / total) * 100) : 100;
            if (percent === drawn || !(io.interactive || percent === 100)) return;
            drawn = percent;
            io.err(`Uploading ${file}: ${percent} %`);
          },
        });
        io.err(`Uploaded: transcription ${created.id} is ${created.status}.`);
        if (!values.wait && !values.format) {
          io.out(`${created.id}\n`);
          return 0;
        }
        await waitFor(created.id);
        if (values.format) await deliver(created.id, values.format);
        else io.out(`${created.id}\n`);
        return 0;
      }
      case "status":
        io.out(`${JSON.stringify(await client.transcription(one(rest, "transcription id")), null, 2)}\n`);
        return 0;
      case "wait":
        await waitFor(one(rest, "transcription id"));
        return 0;
      case "export": {
        const id = one(rest, "transcription id");
        if (!values.format) throw new UsageError("Choose a format with --format: txt, md, pdf, docx, srt or vtt.");
        await deliver(id, values.format);
        return 0;
      }
      case "list":
        for (const t of await client.list(values.search ? { q: values.search } : {})) io.out(`${t.id}\t${t.status}\t${t.title}\n`);
        return 0;
      default:
        throw new UsageError(`Unknown command "${command}".`);
    }
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`${error.message}\n\n${USAGE}`);
      return 2;
    }
    // The server's or the transcription's sentence, or what the machine said (a file that cannot be written): never a stack trace.
    io.err(error instanceof Error ? error.message : String(error));
    return 1;
  }
}
