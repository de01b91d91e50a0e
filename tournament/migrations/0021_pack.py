# A long document's progress in pages (issue 33, item 5): tournament.services.jobs.Progress writes them

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('tournament', '0020_finals'),
    ]

    operations = [
        migrations.AddField(
            model_name='job',
            name='pages_done',
            field=models.PositiveIntegerField(default=0, verbose_name='pages done'),
        ),
        migrations.AddField(
            model_name='job',
            name='pages_total',
            field=models.PositiveIntegerField(default=0, verbose_name='pages in all'),
        ),
        migrations.AddField(
            model_name='job',
            name='part',
            field=models.JSONField(blank=True, default=dict, verbose_name='part being made'),
        ),
    ]
