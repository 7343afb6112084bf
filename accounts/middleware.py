"""The language a signed-in person chose, wherever they sign in from.

Django's LocaleMiddleware (earlier in the chain, before anyone is signed in) picks the language from the
switch's cookie, then the browser's Accept-Language, then the store's default. A player who chose a
language with the switch keeps it on every device: once the session knows who they are, their saved
choice wins.
"""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.utils import translation

from accounts.languages import chosen_language


class ChosenLanguageMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        language = chosen_language(request.session)
        if language and language != translation.get_language():
            translation.activate(language)
            request.LANGUAGE_CODE = language
        return self.get_response(request)
