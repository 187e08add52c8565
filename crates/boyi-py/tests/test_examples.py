"""The scripts in examples/python run and say what their comments promise."""

import subprocess
import sys

import pytest

from conftest import ROOT


@pytest.mark.parametrize(
    "script,says",
    [
        ("subtraction_period.py", "period: period 3, preperiod 0 (observed)"),
        ("cat_and_mouse.py", "start: draw"),
        ("connect4.py", "(empty board) -> win in 41"),
    ],
)
def test_example_runs(script, says):
    done = subprocess.run(
        [sys.executable, str(ROOT / "examples" / "python" / script)], capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr
    assert says in done.stdout.splitlines()
