-- Every committed change to what the API serves from its per-process read caches (the signed-in
-- user's session, account, balance and tier; their designs and product lists) is announced on the
-- channel lavo_user_changed as 'table:user id', so every API process drops that user's cached reads
-- that depend on the table (decision 0008). The argument names the column that holds the user id.
CREATE OR REPLACE FUNCTION lavo_notify_user_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  new_user text;
  old_user text;
BEGIN
  IF TG_OP <> 'DELETE' THEN new_user := to_jsonb(NEW) ->> TG_ARGV[0]; END IF;
  IF TG_OP <> 'INSERT' THEN old_user := to_jsonb(OLD) ->> TG_ARGV[0]; END IF;
  IF new_user IS NOT NULL THEN PERFORM pg_notify('lavo_user_changed', TG_TABLE_NAME || ':' || new_user); END IF;
  IF old_user IS NOT NULL AND old_user IS DISTINCT FROM new_user THEN PERFORM pg_notify('lavo_user_changed', TG_TABLE_NAME || ':' || old_user); END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER lavo_user_changed AFTER INSERT OR UPDATE OR DELETE ON "user" FOR EACH ROW EXECUTE FUNCTION lavo_notify_user_changed('id');
--> statement-breakpoint
CREATE TRIGGER lavo_user_changed AFTER INSERT OR UPDATE OR DELETE ON "session" FOR EACH ROW EXECUTE FUNCTION lavo_notify_user_changed('user_id');
--> statement-breakpoint
CREATE TRIGGER lavo_user_changed AFTER INSERT OR UPDATE OR DELETE ON "user_profiles" FOR EACH ROW EXECUTE FUNCTION lavo_notify_user_changed('id');
--> statement-breakpoint
CREATE TRIGGER lavo_user_changed AFTER INSERT OR UPDATE OR DELETE ON "user_credits" FOR EACH ROW EXECUTE FUNCTION lavo_notify_user_changed('user_id');
--> statement-breakpoint
CREATE TRIGGER lavo_user_changed AFTER INSERT OR UPDATE OR DELETE ON "user_designs" FOR EACH ROW EXECUTE FUNCTION lavo_notify_user_changed('user_id');
--> statement-breakpoint
CREATE TRIGGER lavo_user_changed AFTER INSERT OR UPDATE OR DELETE ON "product_lists" FOR EACH ROW EXECUTE FUNCTION lavo_notify_user_changed('user_id');
