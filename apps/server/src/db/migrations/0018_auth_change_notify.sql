-- Every change that can end or alter a verified session tells the other instances at commit
-- (NOTIFY auth_change, payload: the user's id), so their session caches drop the user at once
-- (docs/decisions/004-session-cache.md). A trigger covers every writer, an operator's SQL included,
-- and its NOTIFY is sent only if the write's transaction commits.
CREATE FUNCTION auth.notify_auth_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('auth_change', to_jsonb(OLD) ->> TG_ARGV[0]);
  ELSE
    PERFORM pg_notify('auth_change', to_jsonb(NEW) ->> TG_ARGV[0]);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_notify_auth_change AFTER UPDATE OR DELETE ON auth.users
  FOR EACH ROW EXECUTE FUNCTION auth.notify_auth_change('id');
--> statement-breakpoint
CREATE TRIGGER sessions_notify_auth_change AFTER UPDATE OR DELETE ON auth.sessions
  FOR EACH ROW EXECUTE FUNCTION auth.notify_auth_change('user_id');
--> statement-breakpoint
CREATE TRIGGER mfa_factors_notify_auth_change AFTER INSERT OR UPDATE OR DELETE ON auth.mfa_factors
  FOR EACH ROW EXECUTE FUNCTION auth.notify_auth_change('user_id');
