import { ApiUser } from "./account";
import { readSessionUser } from "./session-user";

const user = { id: "u1", email: "a@example.com", name: "Ann", picture: null, is_admin: false, is_verified: true };

/** Answers the zod contract and the zod-free reading must judge alike. */
const ANSWERS: unknown[] = [
  user,
  { ...user, picture: "/api/account/avatar/u1" },
  { ...user, extra: "ignored" },
  { ...user, id: 1 },
  { ...user, email: null },
  { ...user, picture: undefined },
  { ...user, is_admin: "false" },
  { ...user, is_verified: 1 },
  Object.fromEntries(Object.entries(user).filter(([key]) => key !== "name")),
  null,
  "user",
  [user],
  42,
  undefined,
  {},
];

describe("readSessionUser", () => {
  it("reads the fields the contract's ApiUser has, no more", () => {
    expect(Object.keys(ApiUser.def.shape).sort()).toEqual(Object.keys(readSessionUser(user) ?? {}).sort());
  });

  it.each(ANSWERS.map((answer) => [JSON.stringify(answer) ?? String(answer), answer]))("judges %s as the contract does", (_label, answer) => {
    const parsed = ApiUser.safeParse(answer);
    expect(readSessionUser(answer)).toEqual(parsed.success ? parsed.data : null);
  });
});
