"""Writes a notebook-style HTML page (code cells, and the pictures Jupyter
would show for their results through `_repr_svg_`), for the screenshot in
docs/python-notebook.png:

    python crates/boyi-py/tools/notebook_page.py > /tmp/notebook.html
    chromium --headless --screenshot=docs/python-notebook.png --window-size=900,1500 /tmp/notebook.html
"""

import html

import boyi

CELLS = [
    'boyi.octal("0.07", 300)   # Dawson\'s Kayles',
    '''class Wythoff:
    def start(self): return (20, 20)
    def moves(self, p):
        x, y = p
        return ([(x - k, y) for k in range(1, x + 1)] + [(x, y - k) for k in range(1, y + 1)]
                + [(x - k, y - k) for k in range(1, min(x, y) + 1)])
    def play(self, p, move): return move

solution = boyi.solve(Wythoff())
solution.plot_map(lambda p: p, title="Wythoff's game: who wins, moving first")''',
    "solution   # a solved game draws its remoteness histogram",
]


def main():
    scope = {"boyi": boyi}
    parts = [
        "<html><head><meta charset='utf-8'><style>",
        "body{font-family:sans-serif;background:#fff;margin:16px;width:860px}",
        ".in{background:#f5f5f5;border:1px solid #ddd;padding:6px 10px;font:13px monospace;white-space:pre}",
        ".n{color:#307fc1;font:12px monospace;margin-top:14px}",
        ".out{padding:6px 0}",
        "</style></head><body>",
    ]
    for i, cell in enumerate(CELLS, start=1):
        *body, last = cell.split("\n\n")
        for chunk in body:
            exec(chunk, scope)
        result = eval(last.split("   #")[0], scope) if "\n" not in last else None
        if result is None:
            exec(last.rsplit("\n", 1)[0], scope)
            result = eval(last.rsplit("\n", 1)[1], scope)
        parts.append(f"<div class='n'>In [{i}]:</div><div class='in'>{html.escape(cell)}</div>")
        parts.append(f"<div class='out'>{result._repr_svg_()}</div>")
    parts.append("</body></html>")
    print("\n".join(parts))


if __name__ == "__main__":
    main()
