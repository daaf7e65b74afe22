-- Every committed write to users or sessions sends one notification. Embedded PGlite (one
-- process, the only writer) keeps session lookups in memory and drops them when it arrives
-- (lib/auth/session-lookup.ts); with PostgreSQL nobody listens and it costs nothing.
CREATE FUNCTION verbatim_auth_written() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('verbatim_auth_written', '');
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER users_written AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION verbatim_auth_written();--> statement-breakpoint
CREATE TRIGGER sessions_written AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "sessions" FOR EACH STATEMENT EXECUTE FUNCTION verbatim_auth_written();
