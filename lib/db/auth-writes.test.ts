import { writesAuthTables } from "./auth-writes";

describe("writesAuthTables", () => {
  it.each([
    'update "users" set "is_active" = $1 where "users"."id" = $2',
    'insert into "sessions" ("id", "token") values ($1, $2)',
    'delete from "sessions" where "sessions"."token" = $1',
    "UPDATE users SET name = 'x' WHERE id = $1",
    "DELETE FROM public.sessions WHERE user_id = $1",
    'with gone as (delete from "sessions" where "user_id" = $1 returning 1) select count(*) from gone',
    "TRUNCATE transcriptions, users CASCADE",
  ])("counts %s", (text) => {
    expect(writesAuthTables(text)).toBe(true);
  });

  it.each([
    'select "users"."id" from "sessions" inner join "users" on "users"."id" = "sessions"."user_id"',
    'update "user_usage" set "seconds" = $1',
    'insert into "sessions_archive" values ($1)',
    'update "transcriptions" set "title" = $1 where "user_id" in (select "id" from "users")',
    'insert into "cache_versions" ("name") values ($1) on conflict ("name") do update set "version" = 2',
  ])("does not count %s", (text) => {
    expect(writesAuthTables(text)).toBe(false);
  });
});
