import { OkAnswer } from "../contract/common";
import {
  ApiReplacementRule,
  ApiVocabularyTerm,
  ReplacementList,
  ReplacementRuleBody,
  SpaceQuery,
  UpdateReplacementRuleBody,
  UpdateVocabularyTermBody,
  VocabularyList,
  VocabularyTermBody,
} from "../contract/vocabulary";
import { endpoint } from "../endpoint";

export const listVocabulary = endpoint({ method: "GET", path: "/api/vocabulary", query: SpaceQuery, answer: VocabularyList });
export const addVocabularyTerm = endpoint({ method: "POST", path: "/api/vocabulary", query: SpaceQuery, body: VocabularyTermBody, answer: ApiVocabularyTerm, status: 201 });
export const updateVocabularyTerm = endpoint({ method: "PATCH", path: "/api/vocabulary/{id}", body: UpdateVocabularyTermBody, answer: ApiVocabularyTerm });
export const deleteVocabularyTerm = endpoint({ method: "DELETE", path: "/api/vocabulary/{id}", answer: OkAnswer });
export const listReplacements = endpoint({ method: "GET", path: "/api/replacements", query: SpaceQuery, answer: ReplacementList });
export const addReplacement = endpoint({ method: "POST", path: "/api/replacements", query: SpaceQuery, body: ReplacementRuleBody, answer: ApiReplacementRule, status: 201 });
export const updateReplacement = endpoint({ method: "PATCH", path: "/api/replacements/{id}", body: UpdateReplacementRuleBody, answer: ApiReplacementRule });
export const deleteReplacement = endpoint({ method: "DELETE", path: "/api/replacements/{id}", answer: OkAnswer });
