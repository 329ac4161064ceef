"""docs/editors.md's Neovim 0.7 setup, run as written (the command swapped for this Python's
`-m unodsl lsp`) by a headless Neovim on an edition with mistakes: the diagnostics arrive.
Skipped where no `nvim` is installed (.ci/run installs Debian's, 0.7.2); the 0.11 setup
is run as well where the Neovim installed has `vim.lsp.config`."""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
PAGE = (HERE.parents[1] / "docs" / "editors.md").read_text(encoding="utf-8")
NVIM = shutil.which("nvim")

pytestmark = pytest.mark.skipif(NVIM is None, reason="no nvim on the PATH (.ci/run installs Debian's neovim)")

# Write the diagnostics of the file once some arrive (20 s at most), and quit.
WAIT_AND_WRITE = ("lua vim.wait(20000, function() return #vim.diagnostic.get(0) > 0 end, 100); "
                  "local f = io.open('diagnostics.txt', 'w'); "
                  "for _, d in ipairs(vim.diagnostic.get(0)) do f:write(d.lnum .. ':' .. d.col .. ':' .. tostring(d.code) .. '\\n') end; "
                  "f:close()")


def setup_with(marker: str) -> str:
    """The Lua block of docs/editors.md holding `marker`, starting this Python's unodsl."""
    block = next(b.split("```")[0] for b in PAGE.split("```lua\n")[1:] if marker in b.split("```")[0])
    command = ", ".join(f'"{part}"' for part in (sys.executable, "-m", "unodsl", "lsp"))
    assert '{ "unodsl", "lsp" }' in block
    return block.replace('"unodsl", "lsp"', command)


def nvim_version() -> tuple[int, int]:
    out = subprocess.run([NVIM, "--version"], capture_output=True, text=True, timeout=30).stdout
    major, minor = re.search(r"NVIM v(\d+)\.(\d+)", out).groups()
    return int(major), int(minor)


def diagnostics_in_nvim(tmp_path: Path, setup: str) -> list[str]:
    (tmp_path / "setup.lua").write_text(setup, encoding="utf-8")
    shutil.copy(HERE / "mistakes.yaml", tmp_path / "mistakes.yaml")
    # (the server imports unodsl as the tests do; no user's own config, Neovim's log kept here)
    env = {**os.environ, "HOME": str(tmp_path), "XDG_CONFIG_HOME": str(tmp_path), "XDG_DATA_HOME": str(tmp_path),
           "XDG_STATE_HOME": str(tmp_path)}
    subprocess.run([NVIM, "--headless", "-u", "setup.lua", "mistakes.yaml", "-c", WAIT_AND_WRITE, "-c", "qa!"],
                   cwd=tmp_path, env=env, capture_output=True, timeout=60, stdin=subprocess.DEVNULL)
    written = tmp_path / "diagnostics.txt"
    return written.read_text(encoding="utf-8").split() if written.exists() else []


EXPECTED = ["5:13:S003", "13:12:Y004", "14:19:L001", "23:11:L002", "30:21:L001"]  # (test_lsp.py's, 0-based)


def test_the_neovim_0_7_setup_gets_every_diagnostic(tmp_path):
    assert diagnostics_in_nvim(tmp_path, setup_with("vim.lsp.start_client")) == EXPECTED


def test_the_neovim_0_11_setup_gets_every_diagnostic(tmp_path):
    if nvim_version() < (0, 11):
        pytest.skip(f"Neovim {'.'.join(map(str, nvim_version()))} has no vim.lsp.config (0.11's)")
    assert diagnostics_in_nvim(tmp_path, setup_with("vim.lsp.config")) == EXPECTED


def test_the_neovim_0_8_setup_gets_every_diagnostic(tmp_path):
    if nvim_version() < (0, 8):
        pytest.skip(f"Neovim {'.'.join(map(str, nvim_version()))} has no vim.lsp.start (0.8's)")
    assert diagnostics_in_nvim(tmp_path, setup_with("vim.lsp.start(")) == EXPECTED
