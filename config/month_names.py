"""The month names of dates ("26 de novembro de 2026"), gathered into the project's catalogues.

Django's own Portuguese catalogue capitalises the months ("Novembro"), which Portuguese does not; the
project's catalogues come first (``LOCALE_PATHS``), so listing the names here lets ours say them right.
Nothing imports this module: ``makemessages`` reads it.
"""

from django.utils.translation import gettext_noop

MONTHS = (
    gettext_noop("January"),
    gettext_noop("February"),
    gettext_noop("March"),
    gettext_noop("April"),
    gettext_noop("May"),
    gettext_noop("June"),
    gettext_noop("July"),
    gettext_noop("August"),
    gettext_noop("September"),
    gettext_noop("October"),
    gettext_noop("November"),
    gettext_noop("December"),
)
