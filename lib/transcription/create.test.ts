import { createReadStream } from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { isDomainError } from "@/lib/errors/domain-error";
import { STATUS_OF } from "@/lib/http/error-response";
import { BACKENDS, useOpenedDatabase } from "@/test/support/databases";
import { useTestEnv } from "@/test/support/env";
import { insertUser } from "@/test/support/users";
import { addRule } from "@/lib/vocabulary/rules";
import { addTerm } from "@/lib/vocabulary/terms";
import { createTranscription, isLanguageCode, storedContentType } from "./create";

describe("the type an upload is stored with", () => {
  it("keeps a plain type/subtype, without parameters, in lower case", () => {
    expect(storedContentType("audio/mpeg")).toBe("audio/mpeg");
    expect(storedContentType("Audio/WebM; codecs=opus")).toBe("audio/webm");
    expect(storedContentType("video/x-matroska")).toBe("video/x-matroska");
  });

  it("replaces anything a header or the database would choke on with a neutral type", () => {
    for (const hostile of ["", "a\u0000", "audio/mpeg\r\nX-Injected: 1", "text/html <script>", "noslash", "a/b/c", `audio/${"x".repeat(100)}`]) {
      expect(storedContentType(hostile)).toBe("application/octet-stream");
    }
  });
});

describe.each(BACKENDS.slice(0, 1))("the title an upload's file name gives, on %s", (_name, open) => {
  useTestEnv({ TRANSCRIBE_ENGINE: "sphinx" });
  const t = useOpenedDatabase(open);
  const JFK = path.resolve(__dirname, "../../test/fixtures/audio/jfk.wav");
  const upload = async (filename: string) =>
    createTranscription(t.db, {
      userId: await insertUser(t.db),
      body: Readable.toWeb(createReadStream(JFK)) as ReadableStream<Uint8Array>,
      declaredBytes: null,
      filename,
      contentType: "audio/wav",
      language: null,
      source: "upload",
    });

  it("is one line, without control or bidirectional characters", async () => {
    // A line break would forge a second line in lists and mails; an isolate or an override
    // reorders how the text after it is shown.
    const created = await upload("Board\r\nmeeting\t\u2066notes\u202E.wav");
    expect(created.title).toBe("Board meeting notes");
    expect(created.originalFilename).toBe("Board meeting notes.wav");
  });

  it("is refused as missing when the name is nothing but such characters", async () => {
    const error = await upload("\u202E\r\n\u2066").catch((e: unknown) => e);
    expect(isDomainError(error) && { status: STATUS_OF[error.kind], detail: error.message }).toEqual({ status: 400, detail: "The file has no name. Send its name with its extension, such as interview.mp3." });
  });
});

describe.each(BACKENDS.slice(0, 1))("the words an upload is written with, on %s", (_name, open) => {
  useTestEnv({ TRANSCRIBE_ENGINE: "sphinx" });
  const t = useOpenedDatabase(open);
  const JFK = path.resolve(__dirname, "../../test/fixtures/audio/jfk.wav");
  const upload = (userId: string, vocabulary: string[]) =>
    createTranscription(t.db, {
      userId,
      body: Readable.toWeb(createReadStream(JFK)) as ReadableStream<Uint8Array>,
      declaredBytes: null,
      filename: "jfk.wav",
      contentType: "audio/wav",
      language: null,
      source: "upload",
      vocabulary,
    });

  it("takes the upload's own terms (with the hints of the same term in the vocabulary), then the uploader's vocabulary and rules, when it is accepted", async () => {
    const user = await insertUser(t.db);
    await addTerm(t.db, user, null, { term: "Kennedy", soundsLike: ["can a dee"] });
    await addRule(t.db, user, null, { find: "fellow americans", replace: "fellow Americans" });
    const created = await upload(user, ["Inaugural", "kennedy"]);
    expect(created.vocabulary).toEqual([
      { term: "Inaugural", sounds_like: [] },
      { term: "kennedy", sounds_like: ["can a dee"] },
    ]);
    expect(created.replacements).toEqual([{ find: "fellow americans", replace: "fellow Americans" }]);
  });

  it("refuses an upload's terms that are not words, before a byte is stored", async () => {
    const error = await upload(await insertUser(t.db), ["<script>"]).catch((e: unknown) => e);
    expect(isDomainError(error) && error.message).toBe('"<script>" cannot be a term: use letters, digits, spaces and \' - . & only.');
  });
});

describe("a language code", () => {
  it("is an ISO 639 code, with a region or script if any; a word or a made-up code is not", () => {
    for (const code of ["en", "de", "sw", "pt-BR", "zh-Hant", "yue", "haw"]) expect([code, isLanguageCode(code)]).toEqual([code, true]);
    for (const code of ["english", "xx", "zz-ZZ", "auto", "", "e", "en_US", "en-"]) expect([code, isLanguageCode(code)]).toEqual([code, false]);
  });
});
