import * as z from "zod/mini";
import { oneLine } from "@/lib/text/one-line";

interface NameSentences {
  /** nothing left once it is one line */
  empty: string;
  tooLong: string;
  /** missing or not text (default: a sentence made from the field's name, lib/http/issue-sentence) */
  missing?: string;
}

/**
 * A field someone names something with (a title, a speaker, a style, a plan): kept as one
 * line without control or bidirectional characters (lib/text/one-line), then refused with
 * the field's own sentences if nothing is left or it is longer than `max`.
 */
export function nameField(max: number, sentences: NameSentences) {
  return z
    .string(sentences.missing ? { error: sentences.missing } : undefined)
    .check(z.overwrite(oneLine), z.minLength(1, sentences.empty), z.maxLength(max, sentences.tooLong));
}
