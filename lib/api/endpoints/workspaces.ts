import { WorkspaceDetail, WorkspaceList } from "../contract/workspaces";
import { endpoint } from "../endpoint";

export const currentWorkspace = endpoint({ method: "GET", path: "/api/workspaces/current", answer: WorkspaceDetail });
export const listWorkspaces = endpoint({ method: "GET", path: "/api/workspaces", answer: WorkspaceList });
