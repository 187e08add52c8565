# HDU 1846, right: the mover loses on multiples of m + 1.
import sys
t = sys.stdin.read().split()
c = int(t[0])
for i in range(c):
    n, m = int(t[1 + 2 * i]), int(t[2 + 2 * i])
    print("second" if n % (m + 1) == 0 else "first")
