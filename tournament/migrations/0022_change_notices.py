from django.db import migrations

# PostgreSQL says what changed to the server processes that listen (tournament/database/notices.py): every row the
# change stamp's statements read (tournament/selectors/changes.py: a tournament's row, the counts kept at commit,
# the newest entry's row) notifies the channel with its scope when it is written, updated, deleted or truncated, so
# a process that keeps a stamp knows when to read it again. NOTIFY is transactional: the notice is delivered when
# the change commits, never before, and not at all if it rolls back. The scope is the tournament's id, 0 for what
# counts for every tournament (entries without one, a table truncated). New entries are heard through their count,
# written when their transaction commits (0014).
NOTICES = """
CREATE FUNCTION tournament_change_notice() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_LEVEL = 'STATEMENT' THEN
        PERFORM pg_notify('tenbou_changes', '0');
    ELSIF TG_OP = 'DELETE' THEN
        PERFORM pg_notify('tenbou_changes', COALESCE(to_jsonb(OLD) ->> TG_ARGV[0], '0'));
    ELSE
        PERFORM pg_notify('tenbou_changes', COALESCE(to_jsonb(NEW) ->> TG_ARGV[0], '0'));
    END IF;
    RETURN NULL;
END
$$;
CREATE TRIGGER tournament_change_notice AFTER INSERT OR UPDATE OR DELETE ON tournament_tournament
    FOR EACH ROW EXECUTE FUNCTION tournament_change_notice('id');
CREATE TRIGGER tournament_change_notice AFTER INSERT OR UPDATE OR DELETE ON tournament_changecount
    FOR EACH ROW EXECUTE FUNCTION tournament_change_notice('scope');
CREATE TRIGGER tournament_change_notice AFTER UPDATE OR DELETE ON tournament_auditentry
    FOR EACH ROW EXECUTE FUNCTION tournament_change_notice('tournament_id');
CREATE TRIGGER tournament_change_notice_truncated AFTER TRUNCATE ON tournament_tournament
    FOR EACH STATEMENT EXECUTE FUNCTION tournament_change_notice();
CREATE TRIGGER tournament_change_notice_truncated AFTER TRUNCATE ON tournament_changecount
    FOR EACH STATEMENT EXECUTE FUNCTION tournament_change_notice();
CREATE TRIGGER tournament_change_notice_truncated AFTER TRUNCATE ON tournament_auditentry
    FOR EACH STATEMENT EXECUTE FUNCTION tournament_change_notice();
"""
NO_NOTICES = """
DROP TRIGGER IF EXISTS tournament_change_notice ON tournament_tournament;
DROP TRIGGER IF EXISTS tournament_change_notice ON tournament_changecount;
DROP TRIGGER IF EXISTS tournament_change_notice ON tournament_auditentry;
DROP TRIGGER IF EXISTS tournament_change_notice_truncated ON tournament_tournament;
DROP TRIGGER IF EXISTS tournament_change_notice_truncated ON tournament_changecount;
DROP TRIGGER IF EXISTS tournament_change_notice_truncated ON tournament_auditentry;
DROP FUNCTION IF EXISTS tournament_change_notice();
"""


def notices(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(NOTICES, None)


def no_notices(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(NO_NOTICES, None)


class Migration(migrations.Migration):
    dependencies = [
        ("tournament", "0021_pack"),
    ]

    operations = [
        migrations.RunPython(notices, no_notices),
    ]
