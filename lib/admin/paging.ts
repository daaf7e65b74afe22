import { z } from "zod";
import { DomainError } from "@/lib/errors/domain-error";

const DEFAULT_PAGE_SIZE = 25;
const MAX_PAGE_SIZE = 100;

export interface PageRequest {
  page: number;
  pageSize: number;
}

const pageSchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  page_size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});

/** `?page=&page_size=` from a URL; an out-of-range value is `invalid`, "field: reason". */
export function parsePage(params: URLSearchParams): PageRequest {
  const result = pageSchema.safeParse({
    page: params.get("page") ?? undefined,
    page_size: params.get("page_size") ?? undefined,
  });
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new DomainError("invalid", `${issue?.path.join(".") ?? "page"}: ${issue?.message ?? "is invalid"}`);
  }
  return { page: result.data.page, pageSize: result.data.page_size };
}
