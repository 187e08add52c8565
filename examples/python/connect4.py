"""The catalogue's Connect Four from Python: a position's value and every
move's, as `boyi analyze connect4 --json` gives them, and judge output."""

import boyi

# the empty board answers from the opening book at once
report = boyi.analyze("connect4")
print(report["notation"] or "(empty board)", "->", report["value"])
for move in report["moves"]:
    print(f"  column {move['move']}: {move['value']}")

# a position after some moves (columns 1-7, as played)
report = boyi.analyze("connect4", moves=["4", "4", "4", "4", "3"])
print("after 4 4 4 4 3:", report["value"], "best:", report["moves"][0]["move"])
best = max(report["moves"], key=lambda m: m["value"])
assert best["value"] == report["value"]

# judge input: one position a line (Pons' test sets' format), one score a line
print(boyi.solve_judge("connect4", "4444\n44444\n"), end="")
