/** `npm run db:migrate`: applies migrations and the seed, then exits. */
import { databaseHandle } from "@/lib/db/client";
import { prepareDatabase } from "@/lib/db/prepare";

prepareDatabase()
  .then(() => databaseHandle().close())
  .catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
