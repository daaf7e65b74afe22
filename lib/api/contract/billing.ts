/** Bodies and answers of /api/subscriptions/* and /api/billing/*. */
import { z } from "zod";

export const DemoCheckoutAnswer = z.object({ ok: z.literal(true), plan_id: z.string().optional() });
