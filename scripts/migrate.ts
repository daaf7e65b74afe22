/** `npm run db:migrate`: applies migrations and the seed, then exits. */
import { databaseHandle } from "@/lib/db/client";
import { prepareDatabase } from "@/lib/db-setup/prepare";
import { log } from "@/lib/log/logger";

prepareDatabase()
  .then(() => databaseHandle().close())
  .catch((error: unknown) => {
    log().fatal({ err: error }, "migrations and seed failed");
    process.exit(1);
  });
