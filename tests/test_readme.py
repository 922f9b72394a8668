"""The README's examples run: its Python examples as doctests, its `delve` command lines as
processes (each must exit 0). A command is skipped only for a stated reason (a placeholder file
name, an interactive prompt, a server that does not return)."""

from __future__ import annotations

import doctest
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"

# Substrings that mark a command line as not runnable on its own, with the reason.
SKIP = {
    "path/to": "placeholder path",
    "[": "optional arguments shown in brackets",
    "my-pack": "needs the placeholder import before it",
    "session.jsonl": "placeholder script",
    "delve serve": "a server does not return",
}


def _sections() -> dict[str, list[str]]:
    """README section title -> its `delve` command lines, in order."""
    out: dict[str, list[str]] = {}
    title = ""
    for line in README.read_text(encoding="utf-8").splitlines():
        if line.startswith("## "):
            title = line[3:].strip()
        m = re.match(r"^ {4}(delve .*?)(\s+#.*)?$", line)
        if m:
            out.setdefault(title, []).append(m.group(1).strip())
    return out


def _interactive(cmd: str) -> bool:
    args = shlex.split(cmd)
    return args[1] == "play" and ("--bots" not in args or "--bot-seats" in args)


def test_readme_python_examples() -> None:
    cwd = Path.cwd()
    os.chdir(ROOT)
    try:
        result = doctest.testfile(
            str(README), module_relative=False, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
        )
    finally:
        os.chdir(cwd)
    assert result.attempted > 0
    assert result.failed == 0


def test_readme_lists_both_quick_start_commands() -> None:
    text = README.read_text(encoding="utf-8")
    assert "make run" in text and "make test" in text


def _reasons(cmd: str) -> list[str]:
    reasons = [why for key, why in SKIP.items() if key in cmd]
    if _interactive(cmd):
        reasons.append("asks a person for choices")
    return reasons


@pytest.mark.parametrize("section", sorted(_sections()))
def test_readme_commands_run(section: str, tmp_path: Path) -> None:
    """Each section's command lines run in order in one folder (a later line may use a file an
    earlier one wrote); each must exit 0."""
    runnable = [c for c in _sections()[section] if not _reasons(c)]
    if not runnable:
        pytest.skip("; ".join(r for c in _sections()[section] for r in _reasons(c)))
    delve = Path(sys.executable).with_name("delve")
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path / "data"), "COLUMNS": "120"}
    for cmd in runnable:
        args = [str(delve), *shlex.split(cmd)[1:]]
        proc = subprocess.run(
            args, cwd=ROOT if "tests/" in cmd else tmp_path, env=env,
            capture_output=True, text=True, timeout=120, check=False, stdin=subprocess.DEVNULL,
        )
        assert proc.returncode == 0, f"{cmd}\n{proc.stdout[-2000:]}\n{proc.stderr[-2000:]}"


def test_readme_skips_only_what_cannot_run_alone() -> None:
    skipped = [c for cmds in _sections().values() for c in cmds if _reasons(c)]
    assert len(skipped) <= 7, skipped
