/**
 * `npm run lint:openapi`: checks the document /api/openapi.json serves against the OpenAPI 3.1
 * specification's own JSON Schema (@seriousme/openapi-schema-validator), as a client generator
 * would read it. Part of `npm test`, so a contract change that breaks the document breaks CI.
 */
import { Validator } from "@seriousme/openapi-schema-validator";
import { openApiDocument } from "@/lib/api-docs/openapi";

async function main(): Promise<void> {
  const doc = openApiDocument();
  const validator = new Validator();
  const result = await validator.validate(structuredClone(doc) as unknown as Record<string, unknown>);
  const operations = Object.values(doc.paths).reduce((n, item) => n + Object.keys(item).length, 0);
  if (!result.valid) {
    console.error("The OpenAPI document is not valid OpenAPI 3.1:");
    console.error(JSON.stringify(result.errors, null, 2));
    process.exit(1);
  }
  console.log(`OpenAPI ${validator.version}: valid (${operations} operations, ${Object.keys(doc.webhooks).length} webhook events).`);
}

void main();
