import { endpoint } from "../endpoint";

/*
 * No zod here, and so no answer schema for `me`: the session check runs on every page's first
 * load and sign-out from any page, and this file is all they import (lib/api/client,
 * components/session). `me`'s answer is read without zod by contract/session-user, which
 * session-user.test.ts holds to ApiUser.
 */

export const logOut = endpoint({ method: "POST", path: "/api/logout" });
export const logOutLink = endpoint({ method: "GET", path: "/api/logout", status: 303 });
export const me = endpoint({ method: "GET", path: "/api/me" });
