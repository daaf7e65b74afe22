/**
 * `GET /api/admin/workspaces?q=&page=&page_size=`: the workspaces operators see in the admin
 * panel (read-only), as the panel checks the answer (zod/mini: small in the bundle).
 */
import * as z from "zod/mini";

export const AdminWorkspace = z.object({
  id: z.string(),
  name: z.string(),
  /** null only if its owner's account is gone (the workspace then awaits deletion) */
  owner_email: z.nullable(z.string()),
  members: z.number(),
  /** invitations not yet accepted, declined, revoked or expired */
  pending_invitations: z.number(),
  /** its transcriptions, not counting those in Recently deleted */
  transcriptions: z.number(),
  /** hours of audio transcribed in it since the first of this month (UTC), Recently deleted included: deleting gives no time back */
  hours_this_month: z.number(),
  created_at: z.string(),
});
export type AdminWorkspace = z.infer<typeof AdminWorkspace>;

export const AdminWorkspacePage = z.object({ workspaces: z.array(AdminWorkspace), total: z.number(), page: z.number(), page_size: z.number() });
export type AdminWorkspacePage = z.infer<typeof AdminWorkspacePage>;
