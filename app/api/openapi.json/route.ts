import { openApiDocument } from "@/lib/api-docs/openapi";
import { route } from "@/lib/http/route";
import * as serviceApi from "@/lib/api/endpoints/service";

/** The REST API's OpenAPI 3.1 description: public, the same for everyone, so caches may keep it. */
export const GET = route(serviceApi.openApi, { auth: "none" }, async () =>
  Response.json(openApiDocument(), { headers: { "cache-control": "public, max-age=3600" } }),
);
