import { GET } from "@/app/api/openapi.json/route";
import { openApiDocument } from "./openapi";

// route() imports the session lookup, whose Better Auth modules jest cannot load; the route looks nobody up.
jest.mock("@/lib/auth/session", () => ({}));

const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

describe("the OpenAPI document", () => {
  const doc = openApiDocument();
  const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({ path, method, op: op as unknown as Record<string, unknown> & { responses: Record<string, unknown> } })),
  );

  it("is OpenAPI 3.1 with the bearer scheme, and every operation is well-formed", () => {
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.info.title).toBeTruthy();
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: "http", scheme: "bearer" });
    const ids = new Set<string>();
    for (const { path, method, op } of operations) {
      expect({ path, method, known: METHODS.includes(method) }).toEqual({ path, method, known: true });
      expect(path).toMatch(/^\/api\//);
      expect(Object.keys(op.responses).length).toBeGreaterThan(0);
      for (const code of Object.keys(op.responses)) expect(code).toMatch(/^[1-5]\d\d$/);
      expect(ids.has(op.operationId as string)).toBe(false);
      ids.add(op.operationId as string);
      // Each {name} in the path is a required path parameter, and each path parameter is in the path.
      const named = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      const declared = ((op.parameters as Array<{ name: string; in: string; required: boolean }>) ?? []).filter((p) => p.in === "path");
      expect({ path, method, params: declared.map((p) => p.name).sort() }).toEqual({ path, method, params: named });
      for (const p of declared) expect(p.required).toBe(true);
    }
  });

  it("describes each webhook event: its payload, the signature header and how to verify it, the retries", () => {
    expect(Object.keys(doc.webhooks).sort()).toEqual(["transcription.done", "transcription.failed", "webhook.ping"]);
    const done = doc.webhooks["transcription.done"].post as { description: string; parameters: Array<{ name: string; description?: string }>; requestBody: unknown };
    expect(done.parameters.map((p) => p.name)).toEqual(["Verbatim-Signature", "Verbatim-Event", "Verbatim-Delivery", "User-Agent"]);
    expect(done.parameters[0].description).toContain("HMAC");
    expect(done.description).toContain("retried after 10 s, 30 s, 2 min, 10 min and 30 min");
    expect(JSON.stringify(done.requestBody)).toContain("#/components/schemas/ApiTranscription");
    const ping = doc.webhooks["webhook.ping"].post as { requestBody: unknown };
    expect(JSON.stringify(ping.requestBody)).toContain('"webhook_id"');
  });

  it("gives the parameters a client must get right their allowed values, and says which are required", () => {
    const query = (path: string, method: "get" | "post", name: string) => doc.paths[path]?.[method]?.parameters?.find((p) => p.name === name);
    expect(query("/api/transcriptions/{id}/export", "get", "format")).toMatchObject({ required: true, schema: { enum: ["txt", "md", "pdf", "docx", "srt", "vtt"] } });
    expect(query("/api/transcriptions", "post", "filename")).toMatchObject({ required: true });
    expect(query("/api/transcriptions", "post", "source")?.schema).toMatchObject({ enum: ["upload", "recording"] });
    const language = query("/api/transcriptions", "post", "language")!;
    expect(language.schema.pattern).toBeDefined();
    expect(new RegExp(language.schema.pattern as string).test("en")).toBe(true);
    expect(language.description).toContain("`de` German");
    expect(query("/api/transcriptions", "post", "speakers")?.schema).toMatchObject({ minimum: 1, maximum: 10 });
  });

  it("documents the rate-limit headers on every key operation's answer, and one error shape", () => {
    type Answer = { description: string; headers?: Record<string, unknown>; content?: Record<string, { schema: unknown }> };
    for (const { path, method, op } of operations.filter((o) => o.op["x-api-key-scope"])) {
      const responses = op.responses as Record<string, Answer>;
      const ok = Object.entries(responses).find(([status]) => status.startsWith("2"))![1];
      expect({ path, method, headers: Object.keys(ok.headers ?? {}) }).toEqual({ path, method, headers: expect.arrayContaining(["RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset"]) });
      for (const [status, answer] of Object.entries(responses).filter(([status]) => /^[45]/.test(status))) {
        expect({ path, method, status, schema: answer.content?.["application/json"]?.schema }).toEqual({ path, method, status, schema: { $ref: "#/components/schemas/Error" } });
        expect(answer.description).not.toBe("An error.");
      }
    }
  });

  it("gives every operation a curl example that names its own path and, for key operations, the key", () => {
    for (const { path, method, op } of operations) {
      const source = (op["x-codeSamples"] as Array<{ source: string }> | undefined)?.[0]?.source ?? "";
      expect({ path, method, has: /^curl /m.test(source) }).toEqual({ path, method, has: true });
      const shown = path.replace(/\{\w+\}/g, "[^/?\"]+");
      expect(source).toMatch(new RegExp(`\\$VERBATIM_URL${shown}`));
      if (op["x-api-key-scope"]) expect(source).toContain("Authorization: Bearer $VERBATIM_API_KEY");
      if (path.startsWith("/api/uploads")) expect(source).toContain("Tus-Resumable: 1.0.0");
    }
  });

  it("every $ref points at a schema of the document", () => {
    const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"#\/components\/schemas\/(\w+)"/g)].map((m) => m[1]!);
    expect(refs.length).toBeGreaterThan(0);
    for (const name of refs) expect(Object.keys(doc.components.schemas)).toContain(name);
  });

  it("describes every operation the issue names, with a key of the right scope", () => {
    const scopeOf = (path: string, method: string) => operations.find((o) => o.path === path && o.method === method)?.op["x-api-key-scope"];
    expect({
      list: scopeOf("/api/transcriptions", "get"),
      get: scopeOf("/api/transcriptions/{id}", "get"),
      upload: scopeOf("/api/transcriptions", "post"),
      resumableStart: scopeOf("/api/uploads", "post"),
      resumablePart: scopeOf("/api/uploads/{id}", "patch"),
      resumableOffset: scopeOf("/api/uploads/{id}", "head"),
      export: scopeOf("/api/transcriptions/{id}/export", "get"),
      delete: scopeOf("/api/transcriptions/{id}", "delete"),
    }).toEqual({ list: "read", get: "read", upload: "write", resumableStart: "write", resumablePart: "write", resumableOffset: "write", export: "read", delete: "write" });
    for (const [path, method] of [
      ["/api/api-keys", "get"],
      ["/api/api-keys", "post"],
      ["/api/api-keys/{id}", "delete"],
    ] as const) {
      expect(doc.paths[path]?.[method]?.security).toEqual([{ cookieAuth: [] }]);
    }
  });

  it("takes its schemas from the zod contracts: the transcription's fields and the list's query", () => {
    const transcription = doc.components.schemas.ApiTranscription as { properties: Record<string, unknown>; required: string[] };
    expect(Object.keys(transcription.properties)).toEqual(expect.arrayContaining(["id", "title", "status", "created_at", "completed_at"]));
    expect(transcription.required).toContain("status");
    expect(doc.paths["/api/transcriptions"]?.get?.parameters).toEqual([
      { name: "q", in: "query", required: false, description: "Words to find in titles and transcripts (at most 200 characters).", schema: { type: "string", maxLength: 200 } },
    ]);
    const createBody = doc.paths["/api/api-keys"]?.post?.requestBody?.content["application/json"]?.schema as { properties: Record<string, unknown>; required: string[] };
    expect(createBody.properties.scope).toEqual({ type: "string", enum: ["read", "write"] });
    expect(createBody.required.sort()).toEqual(["name", "scope"]);
  });

  it("is served at GET /api/openapi.json to anyone, cacheable", async () => {
    const res = await GET(new Request("http://localhost:3000/api/openapi.json"));
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=3600");
    expect(await res.json()).toEqual(JSON.parse(JSON.stringify(doc)));
  });
});
