import { createAccessControl } from "better-auth/plugins/access";
import { defaultStatements, adminAc, memberAc, ownerAc } from "better-auth/plugins/organization/access";

/**
 * The workspace roles as Better Auth's organization plugin checks them on its own endpoints
 * (invite, remove, change roles, delete the workspace). A viewer may do none of that, like a
 * member; what members and viewers may do with transcriptions is ./roles.ts, on our routes.
 */
const workspaceAc = createAccessControl(defaultStatements);

export const WORKSPACE_ACCESS = {
  ac: workspaceAc,
  roles: {
    owner: ownerAc,
    admin: adminAc,
    member: memberAc,
    viewer: workspaceAc.newRole({ organization: [], member: [], invitation: [], team: [], ac: ["read"] }),
  },
};
