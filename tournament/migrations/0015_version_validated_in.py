"""Each version keeps its validation match (``validated_in``): the bot page and the API looked it
up among all the version's seats, tens of thousands for a busy bot.

Filled for stored versions with the first validation match each sat in (its own is queued with
it, before any other match it plays), except the example bots', which are never validated (the
example random bot sits in every other version's validation match).
"""

import django.db.models.deletion
from django.db import migrations, models
from django.db.models import OuterRef, Subquery

EXAMPLES_USERNAME = "examples"  # tournament.versions.EXAMPLES_USERNAME when this was written


def fill(apps, schema_editor) -> None:
    BotVersion = apps.get_model("tournament", "BotVersion")
    MatchParticipant = apps.get_model("tournament", "MatchParticipant")
    first = (
        MatchParticipant.objects.filter(version=OuterRef("pk"), match__kind="validation")
        .order_by("match_id")
        .values("match_id")[:1]
    )
    BotVersion.objects.exclude(bot__owner__username=EXAMPLES_USERNAME).update(
        validated_in=Subquery(first)
    )


class Migration(migrations.Migration):
    dependencies = [
        ("tournament", "0014_scale_indexes"),
    ]

    operations = [
        migrations.AddField(
            model_name="botversion",
            name="validated_in",
            field=models.ForeignKey(
                blank=True,
                help_text="its validation match (none for trusted example bots)",
                null=True,
                on_delete=django.db.models.deletion.SET_NULL,
                related_name="+",
                to="tournament.match",
            ),
        ),
        migrations.RunPython(fill, migrations.RunPython.noop),
    ]
