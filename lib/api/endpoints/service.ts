import { endpoint } from "../endpoint";

export const health = endpoint({ method: "GET", path: "/api/health" });
export const metrics = endpoint({ method: "GET", path: "/api/metrics" });
export const openApi = endpoint({ method: "GET", path: "/api/openapi.json" });
