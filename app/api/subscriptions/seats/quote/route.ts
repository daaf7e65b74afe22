import { billingProvider } from "@/lib/billing/provider";
import { quoteSeats } from "@/lib/billing/seats-quote";
import { db } from "@/lib/db/client";
import { route } from "@/lib/http/route";
import * as billingApi from "@/lib/api/endpoints/billing";

/** What changing the seats would charge, said before "Update seats" charges it (nothing changes here). */
export const POST = route(billingApi.quoteSeats, { auth: "user" }, async ({ user, body }) => quoteSeats(db(), billingProvider(), user.id, body.seats));
