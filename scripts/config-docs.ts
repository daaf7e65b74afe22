/** `npm run docs:config`: rewrites .env.example and the README's configuration table from lib/env/variables.ts. */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { envExample, withReadmeTable } from "@/lib/env/docs";
import { log } from "@/lib/log/logger";

const root = path.resolve(__dirname, "..");
const readme = path.join(root, "README.md");
writeFileSync(readme, withReadmeTable(readFileSync(readme, "utf8")));
writeFileSync(path.join(root, ".env.example"), envExample());
log().info("README.md configuration table and .env.example regenerated");
