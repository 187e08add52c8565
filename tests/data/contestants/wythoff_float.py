# POJ 1067 with floating point: right for small piles, wrong far out.
import sys
t = sys.stdin.read().split()
phi = (1 + 5 ** 0.5) / 2
for i in range(0, len(t) - 1, 2):
    a, b = int(t[i]), int(t[i + 1])
    a, b = min(a, b), max(a, b)
    print(0 if int((b - a) * phi) == a else 1)
