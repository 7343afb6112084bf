"""One idempotency mechanism for every app: a POST retried (an API client's retry, a double tap on a form)
is applied once and answered with the first answer.

Its own app because every app's writes use it and it belongs to none of them: it sits in the shared
plumbing layer (docs/decisions/0011-layers.md), with one store (:class:`models.IdempotencyRecord`), one
core (:func:`services.idempotent_call`) and one adapter per way in: the API's ``Idempotency-Key`` header
(:mod:`idempotency.api`) and the pages' ``form_key`` field (:mod:`idempotency.pages`).
"""
