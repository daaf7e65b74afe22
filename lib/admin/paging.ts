import { PageQuery } from "@/lib/api/contract/admin-input";
import { DomainError } from "@/lib/errors/domain-error";

export interface PageRequest {
  page: number;
  pageSize: number;
}

/** `?page=&page_size=` from a URL; an out-of-range value is `invalid`, "field: reason". */
export function parsePage(params: URLSearchParams): PageRequest {
  const result = PageQuery.safeParse({
    page: params.get("page") ?? undefined,
    page_size: params.get("page_size") ?? undefined,
  });
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new DomainError("invalid", `${issue?.path.join(".") ?? "page"}: ${issue?.message ?? "is invalid"}`);
  }
  return { page: result.data.page, pageSize: result.data.page_size };
}
