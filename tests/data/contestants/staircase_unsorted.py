# POJ 1704 without sorting the men's cells first.
import sys
t = list(map(int, sys.stdin.read().split()))
cases, at = t[0], 1
for _ in range(cases):
    n = t[at]
    cells = t[at + 1 : at + 1 + n]
    at += 1 + n
    gaps = [c - (cells[i - 1] if i else 0) - 1 for i, c in enumerate(cells)]
    x = 0
    for g in gaps[::-1][::2]:
        x ^= g
    print("Georgia will win" if x else "Bob will win")
