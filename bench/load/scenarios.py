"""The load benchmark's scenarios, as plans for ``bench/load/locustfile.py`` (standard library only).

Only public addresses are used (``*/urls.py`` and ``*/api_urls.py``), so the benchmark runs against any
version of the server that keeps them.
"""

from __future__ import annotations

import random
from typing import Any

Plan = dict[str, Any]

# What each player of a match reports, by the match's place in the round: both players send the same.
# Results a Magic best-of-three accepts (2-0, 2-1, 0-2, 1-2 and a 1-1 draw).
_RESULTS = [
    {"result": "a", "games_a": 2, "games_b": 0, "games_drawn": 0},
    {"result": "b", "games_a": 1, "games_b": 2, "games_drawn": 0},
    {"result": "a", "games_a": 2, "games_b": 1, "games_drawn": 0},
    {"result": "draw", "games_a": 1, "games_b": 1, "games_drawn": 0},
    {"result": "b", "games_a": 0, "games_b": 2, "games_drawn": 0},
]


def floor_requests(tokens: list[str], count: int) -> Plan:
    """``count`` floor requests, for :func:`paced`."""
    request = {"name": "floor GET /api/v1/me/", "method": "GET", "path": "/api/v1/me/", "expect": 200}
    return {
        "mode": "queue",
        "requests": [{**request, "token": tokens[i % len(tokens)]} for i in range(count)],
    }


def floor(tokens: list[str], seconds: float) -> Plan:
    """``GET /api/v1/me/``: token authentication and one user, the least an authenticated call costs."""
    requests = [
        {"name": "floor GET /api/v1/me/", "method": "GET", "path": "/api/v1/me/", "token": t, "expect": 200}
        for t in tokens
    ]
    return {"mode": "timed", "seconds": seconds, "requests": requests}


def warm_up(tokens: list[str], pages: list[str], seconds: float) -> Plan:
    """Unmeasured: every worker imports and compiles what the scenarios use (the API, the templates)."""
    requests: list[dict[str, Any]] = [
        {"name": "warm-up", "method": "GET", "path": "/api/v1/me/", "token": t, "expect": 200} for t in tokens
    ]
    requests += [{"name": "warm-up", "method": "GET", "path": path, "expect": 200} for path in pages]
    return {"mode": "timed", "seconds": seconds, "requests": requests}


def report_burst(pairings: list[dict[str, Any]], tokens: dict[str, str], seed: int) -> Plan:
    """Every player of the round reports their match once, in a random order (both players of a table
    often arrive together, as after "time"), with the results both agree on."""
    requests = []
    for place, pairing in enumerate(p for p in pairings if p["player_b"] is not None):
        body = _RESULTS[place % len(_RESULTS)]
        for side in ("player_a", "player_b"):
            username = pairing[side]["username"]
            requests.append(
                {
                    "name": "report POST /api/v1/matches/{id}/reports/",
                    "method": "POST",
                    "path": f"/api/v1/matches/{pairing['match']}/reports/",
                    "token": tokens[username],
                    "body": body,
                    "expect": 200,
                    # Not sent: what event.py's check compares with the database.
                    "match": pairing["match"],
                    "username": username,
                }
            )
    random.Random(seed).shuffle(requests)
    return {"mode": "queue", "requests": requests}


def paced(plan: Plan, per_second: float, seed: int) -> Plan:
    """``plan``'s requests sent at ``per_second`` on average whatever the server's pace (open loop: random
    gaps, as people arrive), each at its time by whichever user is free; what a queue run at full speed
    cannot show: the latency of a server that is keeping up."""
    rng = random.Random(seed)
    at, requests = 0.0, []
    for request in plan["requests"]:
        requests.append({**request, "at": at})
        at += rng.expovariate(per_second)
    return {"mode": "paced", "requests": requests}


def page(name: str, path: str, seconds: float, token: str | None = None) -> Plan:
    """One page or API document read over and over (anonymously, or with a player's token)."""
    request: dict[str, Any] = {"name": name, "method": "GET", "path": path, "expect": 200}
    if token:
        request["token"] = token
    return {"mode": "timed", "seconds": seconds, "requests": [request]}


def live_polls(etags: dict[int, str], seconds: float) -> Plan:
    """The open match pages' poll while nothing changes: each user polls its own match with the ETag it
    already has, and the answer must be 304 Not Modified."""
    requests = [
        {
            "name": "live poll GET /matches/{id}/live/ (304)",
            "method": "GET",
            "path": f"/matches/{match}/live/",
            "headers": {"If-None-Match": etag, "HX-Request": "true"},
            "expect": 304,
        }
        for match, etag in etags.items()
    ]
    return {"mode": "timed", "seconds": seconds, "requests": requests}


def pair(slug: str, token: str, seed: int) -> Plan:
    """The organizer pairs the next round through the API."""
    request = {
        "name": "pair POST /api/v1/events/{slug}/rounds/",
        "method": "POST",
        "path": f"/api/v1/events/{slug}/rounds/",
        "token": token,
        "body": {"seed": seed},
        "expect": 201,
    }
    return {"mode": "queue", "requests": [request]}


def repair(slug: str, number: int, token: str, seed: int, times: int = 1) -> Plan:
    """The organizer pairs the (not yet started) round again, ``times`` in a row, seeds from ``seed`` up."""
    requests = [
        {
            "name": "re-pair POST /api/v1/events/{slug}/rounds/{n}/repair/",
            "method": "POST",
            "path": f"/api/v1/events/{slug}/rounds/{number}/repair/",
            "token": token,
            "body": {"seed": seed + k},
            "expect": 200,
        }
        for k in range(times)
    ]
    return {"mode": "queue", "requests": requests}
