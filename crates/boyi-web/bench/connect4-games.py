#!/usr/bin/env python3
"""Connect Four on the page's API from the empty board: `--games` random
games of `--plies` moves (random legal columns, seeded), and for every
position on the way the time until every move's value is known, asked the
way the page asks (`/api/analyze` with a short wait, then again until the
values come). The server keeps its tables between positions, as it does
for a person playing.

    python3 connect4-games.py http://127.0.0.1:8080 [--games 20] [--plies 12] [--seed 1]

Prints each game's times, then the median, 90th percentile and maximum
over all positions, and the median by the number of stones. Standard
library only.
"""

import argparse
import http.client
import json
import random
import statistics
import time
from urllib.parse import urlparse


def post(conn, path, body):
    conn.request("POST", path, json.dumps(body), {"Content-Type": "application/json"})
    r = conn.getresponse()
    return r.status, json.loads(r.read())


def time_to_values(conn, position):
    """Seconds until the analysis of `position` has every move valued."""
    start = time.monotonic()
    while True:
        status, body = post(conn, "/api/analyze", {"game": "connect4", "position": position, "wait": 0.3})
        if status == 200:
            assert all(m["value"]["result"] != "unknown" for m in body["moves"]), body
            return time.monotonic() - start, body
        if status != 202:
            raise RuntimeError(f"{position}: {status} {body}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("url")
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--plies", type=int, default=12)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    u = urlparse(args.url)
    conn = http.client.HTTPConnection(u.hostname, u.port, timeout=120)
    rng = random.Random(args.seed)
    times, by_stones = [], {}
    for g in range(args.games):
        position, row = "", []
        for ply in range(args.plies + 1):
            took, state = time_to_values(conn, position)
            times.append(took)
            by_stones.setdefault(ply, []).append(took)
            row.append(f"{took:.2f}")
            if state["over"] or ply == args.plies:
                break
            position = rng.choice(state["moves"])["position"]
        print(f"game {g + 1:2}: {position:14} " + " ".join(row), flush=True)
    times.sort()
    p90 = times[int(0.9 * (len(times) - 1))]
    print(f"\n{len(times)} positions: median {statistics.median(times):.3f} s, "
          f"90th percentile {p90:.3f} s, max {times[-1]:.3f} s")
    print("median by stones: " + ", ".join(f"{s}: {statistics.median(t):.3f}" for s, t in sorted(by_stones.items())))


if __name__ == "__main__":
    main()
