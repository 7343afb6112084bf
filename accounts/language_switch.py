"""The language switch at the foot of every page: one button per language, remembered for the person.

Django's own ``set_language`` view keeps the choice in a cookie only; here it is also kept in the session
and on the player's record (accounts.languages), so it follows a signed-in player to their phone.
"""

from __future__ import annotations

from django import forms
from django.conf import settings
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.utils import translation
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_POST

from accounts.languages import language_remember


class LanguageForm(forms.Form):
    language = forms.ChoiceField(label=_("Language"), choices=settings.LANGUAGES)
    next = forms.CharField(required=False, max_length=2000)  # the page the switch was pressed on


@require_POST
def language_choose(request: HttpRequest) -> HttpResponse:
    form = LanguageForm(request.POST)
    valid = form.is_valid()
    next_url = form.cleaned_data.get("next", "")  # a refused address (too long) is not in cleaned_data
    if not url_has_allowed_host_and_scheme(next_url, {request.get_host()}, request.is_secure()):
        next_url = "/"
    response = HttpResponseRedirect(next_url)
    if not valid:
        return response  # an unknown language changes nothing; the page comes back as it was
    language = form.cleaned_data["language"]
    language_remember(session=request.session, user=request.user, language=language)
    translation.activate(language)
    response.set_cookie(
        settings.LANGUAGE_COOKIE_NAME,
        language,
        max_age=settings.LANGUAGE_COOKIE_AGE,
        samesite="Lax",
        secure=settings.SESSION_COOKIE_SECURE,
    )
    return response
