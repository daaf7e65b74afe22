import { PageQuery } from "@/lib/api/contract/admin";
import { DomainError } from "@/lib/errors/domain-error";
import { PLAIN_PARSE, issueSentence } from "@/lib/http/issue-sentence";

export interface PageRequest {
  page: number;
  pageSize: number;
}

/** `?page=&page_size=` from a URL; an out-of-range value is `invalid`, in a sentence naming it. */
export function parsePage(params: URLSearchParams): PageRequest {
  const result = PageQuery.safeParse({ page: params.get("page") ?? undefined, page_size: params.get("page_size") ?? undefined }, PLAIN_PARSE);
  if (!result.success) throw new DomainError("invalid", issueSentence(result.error, "The page is not valid."));
  return { page: result.data.page, pageSize: result.data.page_size };
}
