"""API tokens moved from DRF's authtoken (one plaintext key per user, never expiring) to django-rest-knox.

The old keys no longer authenticate anything; the table that holds them in plain text is dropped so a copy of
the database does not carry them. Programs sign in again (POST /api/v1/auth/token/) after the upgrade.
"""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("knox", "0009_extend_authtoken_field"),
    ]

    operations = [
        migrations.RunSQL("DROP TABLE IF EXISTS authtoken_token", reverse_sql=migrations.RunSQL.noop),
    ]
