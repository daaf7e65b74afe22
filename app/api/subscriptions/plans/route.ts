import { publicCatalogue } from "@/lib/billing/plan-cache";
import { publishedPlans } from "@/lib/billing/plans-answer";
import { unavailableFormatting } from "@/lib/formatting/availability";
import { serverLanguages } from "@/lib/transcription/server-languages";
import { databaseHandle } from "@/lib/db/client";
import { taggedJson } from "@/lib/http/responses";
import { route } from "@/lib/http/route";
import * as billingApi from "@/lib/api/endpoints/billing";

/** Public: the active plans, language tiers, support address and trial as operators last edited them, and the languages this server transcribes. */
export const GET = route(billingApi.listPlans, { auth: "none" }, async ({ request }) => {
  const handle = databaseHandle();
  const [catalogue, transcribed] = await Promise.all([publicCatalogue(handle), serverLanguages(handle.db)]);
  const answer = publishedPlans(catalogue, transcribed, unavailableFormatting());
  // Public and the same for everyone: a browser keeps it and asks whether it changed (304).
  return taggedJson(request, { etag: answer.etag, body: async () => answer.bytes }, "no-cache");
});
