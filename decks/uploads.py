"""The upload of a card file, held to the import limit while it arrives.

Django writes an upload over 2.5 MB to a temporary file as it comes and only then lets the form look at its
size: an organizer who picks MTGJSON AllPrintings (hundreds of MB) on the page would cost the server that
much disk and the time to write it, for a file refused anyway. This handler drops the file as soon as it
passes the limit; Django reads the rest of the request and throws it away, so the refusal costs no more
disk than the limit. AllPrintings goes in through ``manage.py import_cards --background`` instead.
"""

from __future__ import annotations

from django.core.files.uploadhandler import FileUploadHandler, SkipFile
from django.http import HttpRequest

from decks import importers


class ImportSizeLimit(FileUploadHandler):
    """First of the request's upload handlers: passes each chunk on until the file outgrows the limit."""

    def __init__(self, request: HttpRequest | None = None) -> None:
        super().__init__(request)
        self.too_large = False

    def receive_data_chunk(self, raw_data: bytes, start: int) -> bytes:
        if start + len(raw_data) > importers.MAX_IMPORT_BYTES:
            self.too_large = True
            raise SkipFile  # the handlers after this one close and delete what they wrote
        return raw_data

    def file_complete(self, file_size: int) -> None:
        return None  # the next handler (memory or temporary file) makes the file
