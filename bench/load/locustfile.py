# mypy: disable-error-code="import-not-found,import-untyped,untyped-decorator,misc"
# (locust and gevent live in locust's own venv, not the project's: bench/load/venv.sh)
"""Locust's side of the load benchmark: plain HTTP to the server, nothing of the project imported.

Run by ``bench/load/run.py`` with locust's own venv (``bench/load/venv.sh``); the scenario comes as a plan
file (``LOAD_PLAN``, written by ``bench/load/scenarios.py``):

``{"mode": "queue", "requests": [...]}``
    a fixed amount of work: the users take requests from one shared queue until it is empty (a report
    burst: every player of a round reports once; pairing a round: one request), then stop.
``{"mode": "paced", "requests": [{..., "at": T}, ...]}``
    the same, but request ``k`` is not sent before ``T`` seconds after the start (arrivals at a set pace,
    whatever the server's: its latency while it keeps up).
``{"mode": "timed", "seconds": S, "requests": [...]}``
    readers and the floor: user ``i`` repeats ``requests[i % len(requests)]`` (its own token, its own
    match) back to back, starting no new request after S seconds; every request started is waited for
    and counted, so the server's CPU measured around the run belongs to the requests counted.

A request is ``{"name", "method", "path", "token"?, "body"?, "headers"?, "expect"}``; one answered with
another status than ``expect`` is a failure. When every user has stopped, the run ends and each request's
start, duration and outcome is written to ``LOAD_RESULTS`` as JSON for run.py to summarise.
"""

from __future__ import annotations

import json
import os
import time
from typing import Any

import gevent
from locust import FastHttpUser, constant, events, task
from locust.exception import StopUser

PLAN: dict[str, Any] = json.loads(open(os.environ["LOAD_PLAN"]).read())  # noqa: SIM115
QUEUE: list[dict[str, Any]] = list(reversed(PLAN["requests"])) if PLAN["mode"] in ("queue", "paced") else []
RECORDS: list[tuple[str, float, float, bool, int]] = []


class State:
    deadline = 0.0  # time.monotonic() past which a timed run starts no request
    started = 0.0  # time.monotonic() at the start: a paced request's "at" counts from it
    users = 0  # users started (each takes its index)
    active = 0  # users running


@events.test_start.add_listener
def _started(environment: Any, **_kwargs: Any) -> None:
    State.started = time.monotonic()
    State.deadline = State.started + float(PLAN.get("seconds", 0))


@events.request.add_listener
def _record(
    name: str,
    response_time: float,
    exception: BaseException | None,
    start_time: float,
    response: Any = None,
    **_kwargs: Any,
) -> None:
    status = getattr(response, "status_code", 0) or 0
    RECORDS.append((name, start_time, response_time, exception is None, int(status)))


@events.test_stop.add_listener
def _write(environment: Any, **_kwargs: Any) -> None:
    with open(os.environ["LOAD_RESULTS"], "w") as out:
        json.dump({"records": RECORDS, "queue_left": len(QUEUE)}, out)


class Player(FastHttpUser):
    wait_time = constant(0)
    # A request waits behind every other user's in gunicorn's backlog (64 standings pages of 2.5 s CPU each
    # at 4,096 players on 2 busy cores: minutes); never give up on one.
    network_timeout = 1800.0
    connection_timeout = 1800.0

    def on_start(self) -> None:
        self.index = State.users
        State.users += 1
        State.active += 1

    def on_stop(self) -> None:
        State.active -= 1
        if State.active == 0:
            # The last user out ends the run (after its request was recorded).
            gevent.spawn_later(0.1, self.environment.runner.quit)

    def _next(self) -> dict[str, Any]:
        if PLAN["mode"] in ("queue", "paced"):
            if not QUEUE:
                raise StopUser
            request = QUEUE.pop()
            wait = State.started + float(request.get("at", 0)) - time.monotonic()
            if wait > 0:
                gevent.sleep(wait)
            return request
        if time.monotonic() >= State.deadline:
            raise StopUser
        requests: list[dict[str, Any]] = PLAN["requests"]
        return requests[self.index % len(requests)]

    @task
    def step(self) -> None:
        request = self._next()
        headers = dict(request.get("headers", {}))
        if request.get("token"):
            headers["Authorization"] = f"Token {request['token']}"
        kwargs: dict[str, Any] = {"headers": headers, "name": request["name"], "catch_response": True}
        if "body" in request:
            kwargs["json"] = request["body"]
        with self.client.request(request["method"], request["path"], **kwargs) as response:
            if response.status_code != request["expect"]:
                response.failure(f"{response.status_code}: {(response.text or '')[:200]}")
            else:
                response.success()
