import type { Database, Tx } from "@/lib/db/client";
import { getSetting } from "@/lib/settings/settings";
import { trialEligible } from "./subscription-sync";

/** Days of free trial the user's next checkout gets: the trial_days setting once per customer, then 0. */
export async function trialDaysFor(database: Database | Tx, userId: string): Promise<number> {
  return (await trialEligible(database, userId)) ? getSetting(database, "trial_days") : 0;
}
