import { z } from "zod";

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

/** `?page=&page_size=` from a URL; out-of-range values are a 400 with the reason. */
export function parsePage(params: URLSearchParams): { ok: true; value: PageRequest } | { ok: false; detail: string } {
  const result = pageSchema.safeParse({
    page: params.get("page") ?? undefined,
    page_size: params.get("page_size") ?? undefined,
  });
  if (!result.success) {
    const issue = result.error.issues[0];
    return { ok: false, detail: `${issue?.path.join(".") ?? "page"}: ${issue?.message ?? "is invalid"}` };
  }
  return { ok: true, value: { page: result.data.page, pageSize: result.data.page_size } };
}
