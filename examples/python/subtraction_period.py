"""A take-away game of your own: remove a power of two (1, 2, 4, 8, ...)
counters from a heap. Who wins a heap of n, and is there a pattern?"""

import boyi


def moves(heap):
    take = 1
    while take <= heap:
        yield heap - take
        take *= 2


values = boyi.grundy(moves, 300)
print("G(0..29):", " ".join(map(str, values[:30])))
print("losing heaps below 40:", [n for n in range(40) if values[n] == 0])
print("period:", boyi.period(values))

# a plain subtraction game: the engine also solves it without a callback,
# and proves its period
assert boyi.grundy(lambda h: [h - t for t in (2, 5, 6) if t <= h], 300) == boyi.octal("sub:2,5,6", 300).values
print("sub:2,5,6:", boyi.octal("sub:2,5,6", 300).period)
