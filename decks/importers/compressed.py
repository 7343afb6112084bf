"""Compressed card files, as MTGJSON publishes them (``AllPrintings.json.xz``, ``.gz``, ``.bz2``): told apart
by their first bytes, never by the file's name, and read decompressed as a stream.

A file given by its path (``manage.py import_cards``) is read through the decompressor, so AllPrintings is
streamed in bounded memory as the plain file is; any other shape is read whole only up to the import limit
(a few compressed megabytes can hold gigabytes). Uploads through the page are not decompressed: a page
upload is held to the limit while it arrives, and what it decompresses to would not be.
"""

from __future__ import annotations

import bz2
import gzip
import lzma
import zlib
from typing import IO, cast

# The formats' magic numbers: RFC 1952 (gzip), the .xz file format 1.0.4, section 2.1.1.1, and bzip2's
# "BZh" followed by the block size digit.
_MAGIC = (
    (b"\x1f\x8b", "gzip"),
    (b"\xfd7zXZ\x00", "xz"),
    (b"BZh", "bzip2"),
)
HEAD_BYTES = 6  # enough for the longest magic number
# What reading a cut-off or damaged compressed file raises: gzip raises EOFError, BadGzipFile (an OSError) or
# zlib.error; xz EOFError or LZMAError; bzip2 EOFError or OSError.
BROKEN = (OSError, EOFError, lzma.LZMAError, zlib.error)


def compression_of(head: bytes) -> str | None:
    """The compression a file's first bytes say ("gzip", "xz", "bzip2"), None for a plain file."""
    for magic, name in _MAGIC:
        if head.startswith(magic):
            if name == "bzip2" and not (len(head) > 3 and head[3:4].isdigit()):
                continue  # "BZh" alone could start a text file
            return name
    return None


def decompressed(raw: IO[bytes], compression: str) -> IO[bytes]:
    """``raw`` read through its decompressor (the stream can be rewound: it decompresses again from the
    start). Closing it leaves ``raw`` open: the caller closes both."""
    if compression == "gzip":
        return cast(IO[bytes], gzip.GzipFile(fileobj=raw, mode="rb"))
    if compression == "xz":
        return lzma.LZMAFile(raw)
    if compression == "bzip2":
        return bz2.BZ2File(raw)
    raise ValueError(f"unknown compression {compression!r}")
