"""tools/ensure-chromium.sh: silent when Chromium is there; installs or says how when it is not."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[2] / "tools" / "ensure-chromium.sh"


def run(env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["/bin/sh", str(SCRIPT)], env=env, capture_output=True, text=True, timeout=30)


def test_present_browser_is_left_alone(tmp_path: Path) -> None:
    browser = tmp_path / "chromium"
    browser.write_text("#!/bin/sh\n")
    browser.chmod(0o755)
    result = run({"PATH": os.environ["PATH"], "CHROMIUM": str(browser)})
    assert result.returncode == 0 and result.stdout == "" and result.stderr == ""


def test_missing_browser_without_root_or_sudo_says_what_to_do(tmp_path: Path) -> None:
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    fake_id = bin_dir / "id"
    fake_id.write_text("#!/bin/sh\necho 1000\n")
    fake_id.chmod(0o755)
    result = run({"PATH": str(bin_dir), "CHROMIUM": str(tmp_path / "nowhere" / "chromium")})
    assert result.returncode == 1
    assert "install the Debian package 'chromium'" in result.stderr
