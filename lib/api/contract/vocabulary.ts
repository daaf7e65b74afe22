/**
 * /api/vocabulary and /api/replacements: a space's custom vocabulary (the words and names the
 * engines should hear) and its replacement rules (find → replace after recognition). The
 * limits are the product's, quoted by the pages and the API reference. zod/mini.
 */
import * as z from "zod/mini";

/** Terms in one space's vocabulary: about a long meeting series' names and jargon; an engine's prompt holds the first ~40. */
export const MAX_TERMS_PER_SPACE = 200;
export const MAX_TERM_CHARS = 50;
/** Words in one term ("Don Quixote", "Verbatim Cloud Sync"). */
export const MAX_TERM_WORDS = 4;
/** "Sounds like" hints per term, each written in plain words ("dash wood"). */
export const MAX_SOUNDS_LIKE = 3;
export const MAX_RULES_PER_SPACE = 200;
export const MAX_FIND_CHARS = 100;
export const MAX_REPLACE_CHARS = 100;
/** Terms given with one upload or recording, besides its space's vocabulary. */
export const MAX_UPLOAD_TERMS = 20;

/** `?space=personal`: the signed-in user's own list while a workspace is active (an API key reaches its own space only). */
export const SpaceQuery = z.object({
  space: z.optional(z.enum(["personal"], { error: 'The only space to name is "personal".' })),
});
export type SpaceQuery = z.infer<typeof SpaceQuery>;

export const ApiVocabularyTerm = z.object({
  id: z.string(),
  term: z.string(),
  sounds_like: z.array(z.string()),
  created_at: z.string(),
});
export type ApiVocabularyTerm = z.infer<typeof ApiVocabularyTerm>;

/** Who may change a list: in the personal space its user, in a workspace its owner and admins; its members read it. */
const ListAccess = {
  /** the workspace whose list it is; null: the user's personal space */
  workspace_id: z.nullable(z.string()),
  may_manage: z.boolean(),
  limit: z.number(),
};

export const VocabularyList = z.object({ terms: z.array(ApiVocabularyTerm), ...ListAccess });
export type VocabularyList = z.infer<typeof VocabularyList>;

const TERM_MISSING = "Enter the word or name.";
const HINTS_SENTENCE = `Give at most ${MAX_SOUNDS_LIKE} "sounds like" hints, each in plain words.`;

/** `POST /api/vocabulary`: a term as it should be written, and how it may sound (optional). lib/vocabulary checks its shape. */
export const VocabularyTermBody = z.object({
  term: z.string({ error: TERM_MISSING }).check(z.trim(), z.minLength(1, TERM_MISSING)),
  sounds_like: z.optional(z.array(z.string({ error: HINTS_SENTENCE }), { error: HINTS_SENTENCE })),
});
export type VocabularyTermBody = z.infer<typeof VocabularyTermBody>;

/** `PATCH /api/vocabulary/{id}`: a new spelling, new hints, or both. */
export const UpdateVocabularyTermBody = z.partial(VocabularyTermBody).check(
  z.refine((b) => b.term !== undefined || b.sounds_like !== undefined, 'Give the term\'s new "term", its "sounds_like", or both.'),
);
export type UpdateVocabularyTermBody = z.infer<typeof UpdateVocabularyTermBody>;

export const ApiReplacementRule = z.object({
  id: z.string(),
  find: z.string(),
  replace: z.string(),
  created_at: z.string(),
});
export type ApiReplacementRule = z.infer<typeof ApiReplacementRule>;

export const ReplacementList = z.object({ rules: z.array(ApiReplacementRule), ...ListAccess });
export type ReplacementList = z.infer<typeof ReplacementList>;

const FIND_MISSING = "Enter the words to find.";
const REPLACE_MISSING = "Enter what to write instead.";

/** `POST /api/replacements`: whole words found in any case, written as `replace`. */
export const ReplacementRuleBody = z.object({
  find: z.string({ error: FIND_MISSING }).check(z.trim(), z.minLength(1, FIND_MISSING)),
  replace: z.string({ error: REPLACE_MISSING }).check(z.trim(), z.minLength(1, REPLACE_MISSING)),
});
export type ReplacementRuleBody = z.infer<typeof ReplacementRuleBody>;

export const UpdateReplacementRuleBody = z.partial(ReplacementRuleBody).check(
  z.refine((b) => b.find !== undefined || b.replace !== undefined, 'Give the rule\'s new "find", its "replace", or both.'),
);
export type UpdateReplacementRuleBody = z.infer<typeof UpdateReplacementRuleBody>;
