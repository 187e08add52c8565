"""Shared fixtures: the repository's root and the `boyi` binary the
package's answers are compared with (built by `cargo build --release`)."""

import os
import pathlib
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[3]


@pytest.fixture(scope="session")
def cli():
    binary = os.environ.get("BOYI_BIN", str(ROOT / "target" / "release" / "boyi"))
    if not os.path.exists(binary):
        pytest.fail(f"the boyi binary is not at {binary}: run `cargo build --release` or set BOYI_BIN")

    def run(*args, stdin=None):
        done = subprocess.run([binary, *args], input=stdin, capture_output=True, text=True)
        assert done.returncode == 0, done.stderr
        return done.stdout

    return run
