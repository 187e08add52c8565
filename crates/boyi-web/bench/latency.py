#!/usr/bin/env python3
"""Latency of cheap requests, paced like a person using the page (not a
flood, so the figures are the server's answer time, not a queue the client
built itself); optionally while another client keeps asking for positions
too expensive to solve within the time limit.

    python3 latency.py http://127.0.0.1:8080 [--expensive] [--seconds 10] [--rate 20]

Prints, for each kind of cheap request, the median, 90th percentile and
maximum latency in milliseconds; with --expensive also how the expensive
requests were answered and how long each took. Standard library only.
"""

import argparse
import http.client
import json
import random
import statistics
import threading
import time
from urllib.parse import urlparse

CHEAP = [
    ("games", "GET", "/api/games", None),
    # Solved once before the run; afterwards the analysis comes from the cache.
    ("analyze (cached)", "POST", "/api/analyze", {"game": "connect4", "position": "4453444352"}),
    # A different late position each time: a real solve, a few milliseconds.
    ("analyze (fresh 20-stone)", "POST", "/api/analyze", None),
]

# Early positions, each far more than the 10 s time limit to solve: the
# expensive client asks for one after another, so one solve always runs
# (a refused solve is not cached, so asking again solves again).
EXPENSIVE = ["4444", "4443", "4445", "4433", "4455", "3444", "5444", "4434", "4454", "3344"]


def random_games(stones, count, seed=7):
    """Distinct Connect Four games of `stones` random moves (7x6) in which
    nobody has four in a row yet: positions the server has never solved."""
    rng = random.Random(seed)
    out, seen = [], set()
    while len(out) < count:
        grid, heights, moves = {}, [0] * 7, []
        for i in range(stones):
            c = rng.choice([c for c in range(7) if heights[c] < 6])
            grid[c, heights[c]] = i % 2
            heights[c] += 1
            moves.append(str(c + 1))
            if four(grid, c, heights[c] - 1):
                break
        else:
            p = "".join(moves)
            if p not in seen:
                seen.add(p)
                out.append(p)
    return out


def four(grid, c, r):
    p = grid[c, r]
    for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
        n = 1
        for s in (1, -1):
            x, y = c + s * dc, r + s * dr
            while grid.get((x, y)) == p:
                n += 1
                x, y = x + s * dc, y + s * dr
        if n >= 4:
            return True
    return False


def request(conn, method, path, body):
    data = json.dumps(body) if body is not None else None
    headers = {"Content-Type": "application/json"} if data else {}
    start = time.perf_counter()
    conn.request(method, path, body=data, headers=headers)
    reply = conn.getresponse()
    payload = reply.read()
    return time.perf_counter() - start, reply.status, payload


def expensive_client(host, port, stop, answers):
    conn = http.client.HTTPConnection(host, port, timeout=60)
    i = 0
    while not stop.is_set():
        position = EXPENSIVE[i % len(EXPENSIVE)]
        i += 1
        took, status, payload = request(conn, "POST", "/api/analyze", {"game": "connect4", "position": position})
        try:
            code = json.loads(payload).get("error", "ok")
        except ValueError:
            code = "not JSON"
        answers.append((status, code, took))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("url")
    ap.add_argument("--expensive", action="store_true")
    ap.add_argument("--seconds", type=float, default=10)
    ap.add_argument("--rate", type=float, default=20, help="cheap requests a second")
    args = ap.parse_args()
    u = urlparse(args.url)
    conn = http.client.HTTPConnection(u.hostname, u.port, timeout=60)
    request(conn, *CHEAP[1][1:])

    stop, answers = threading.Event(), []
    if args.expensive:
        t = threading.Thread(target=expensive_client, args=(u.hostname, u.port, stop, answers), daemon=True)
        t.start()
        time.sleep(0.5)

    fresh = iter(random_games(20, 10_000))
    latencies = {name: [] for name, *_ in CHEAP}
    bad = 0
    interval = 1 / args.rate
    end = time.perf_counter() + args.seconds
    n = 0
    next_at = time.perf_counter()
    while time.perf_counter() < end:
        name, method, path, body = CHEAP[n % len(CHEAP)]
        if body is None and method == "POST":
            body = {"game": "connect4", "position": next(fresh)}
        took, status, _ = request(conn, method, path, body)
        if status != 200:
            bad += 1
        latencies[name].append(took * 1000)
        n += 1
        next_at += interval
        time.sleep(max(0, next_at - time.perf_counter()))
    stop.set()

    for name, xs in latencies.items():
        xs.sort()
        p90 = xs[int(0.9 * (len(xs) - 1))]
        print(f"{name:26} n={len(xs):4}  median {statistics.median(xs):7.2f} ms  p90 {p90:7.2f} ms  max {xs[-1]:7.2f} ms")
    if bad:
        print(f"cheap requests not answered 200: {bad}")
    if args.expensive:
        codes = {}
        for status, code, _ in answers:
            codes[f"{status} {code}"] = codes.get(f"{status} {code}", 0) + 1
        took = statistics.median(t for *_, t in answers) if answers else float("nan")
        print(f"expensive requests answered during the run: {codes}, median {took:.1f} s each")


if __name__ == "__main__":
    main()
