import type { VocabularyTerm } from "@/lib/db/schema";

/**
 * whisper (and OpenAI-compatible APIs built on it) take a prompt: text the model reads as what
 * came before, and whose spellings it follows. whisper.cpp keeps only the prompt's last 224
 * tokens, and the text before a piece comes last, so the glossary goes first and is kept short
 * (about 100 tokens): the first terms of the list, whole, within GLOSSARY_CHARS.
 */
const GLOSSARY_CHARS = 300;

export function glossaryOf(vocabulary: readonly VocabularyTerm[] | undefined): string {
  let glossary = "";
  for (const { term } of vocabulary ?? []) {
    const next = glossary ? `${glossary}, ${term}` : term;
    if (next.length + 1 > GLOSSARY_CHARS) break;
    glossary = next;
  }
  return glossary ? `${glossary}.` : "";
}

/** The prompt for one piece: the glossary, then the end of the text before it. */
export function promptFor(vocabulary: readonly VocabularyTerm[] | undefined, previousText: string | undefined): string | undefined {
  const prompt = [glossaryOf(vocabulary), previousText ?? ""].filter(Boolean).join(" ");
  return prompt || undefined;
}
