import { ApiUser } from "../contract/account";
import { endpoint } from "../endpoint";

export const logOut = endpoint({ method: "POST", path: "/api/logout" });
export const logOutLink = endpoint({ method: "GET", path: "/api/logout", status: 303 });
export const me = endpoint({ method: "GET", path: "/api/me", answer: ApiUser });
