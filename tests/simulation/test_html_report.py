"""`--report FILE.html` and `--plot-dir DIR` of simulate and compare: the page holds every
figure with its table and asks for nothing over the network, checked in headless Chromium
(Debian's `chromium`, which .ci/run installs): a screenshot that is not blank, each figure
drawn, and no request (every request goes to a proxy of the test's, which counts them)."""
from __future__ import annotations

import html
import os
import re
import shutil
import socket
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from unodsl.sim import plots
from cli_helpers import no_traceback, run

pytest.importorskip("matplotlib", reason="the report's figures need matplotlib: pip install 'unodsl[plots]'")

SIMULATION_FIGURES = ["seats", "places", "round-length", "cards", "lift"]
COMPARISON_FIGURES = ["changes-amounts", "changes-rates", "seats", "places", "round-length"]
IMPACT_FIGURES = ["impact-turns-per-round", "impact-points-per-round", "impact-holder-round-win-rate",
                  "impact-first-seat-edge"]
SWEEP_FIGURES = ["sweep-turns-per-round", "sweep-points-per-round", "sweep-rounds-per-match", "sweep-first-seat-edge"]
SKILL_FIGURES = [*COMPARISON_FIGURES, "skill-ladder"]
# Each page the tests write: its name, the command, its figures.
PAGES = {"sim": (["simulate", "green-lantern", "-g", "12"], SIMULATION_FIGURES),
         "cmp": (["compare", "classic", "--rule-b", "@seven-zero", "-g", "12"], COMPARISON_FIGURES),
         "imp": (["impact", "classic", "--card", "skip", "--rule", "@seven-zero", "-g", "6"], IMPACT_FIGURES),
         "swp": (["simulate", "classic", "--sweep", "hand_size=5..7", "-g", "6"], SWEEP_FIGURES),
         "skl": (["compare", "classic", "--rule-b", "@seven-zero", "-g", "2", "--skill"], SKILL_FIGURES)}
EVERY_PAGE = [(name, figures) for name, (_, figures) in PAGES.items()]
# Chromium's own services (time, component updates, accounts), asked however it is started.
CHROMIUM_SERVICES = re.compile(r"(^|\.)(google\.com|googleapis\.com|gvt1\.com)(:\d+)?$")


@pytest.fixture(scope="module")
def reports(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("reports")
    for name, (command, _) in PAGES.items():
        result = run(*command, "--no-timing", "--report", str(folder / f"{name}.html"),
                     "--plot-dir", str(folder / f"{name}-plots"))
        no_traceback(result)
        assert result.exit_code == 0, result.stderr
    return folder


def _svgs(page: str) -> list[str]:
    return re.findall(r"<svg\b.*?</svg>", page, re.S)


@pytest.mark.parametrize("name, figures", EVERY_PAGE)
def test_the_page_holds_each_figure_inline_with_its_table(reports, name, figures):
    page = (reports / f"{name}.html").read_text(encoding="utf-8")
    sections = re.findall(r'<section id="([^"]+)">(.*?)</section>', page, re.S)
    assert [key for key, _ in sections] == figures
    for key, body in sections:
        assert len(_svgs(body)) == 1, key
        assert _svgs(body)[0].count("<path") > 10, key  # something is drawn
        assert "<table>" in body and body.count("<tr>") >= 2, key
    assert not re.search(r"""(src|href)\s*=\s*["']?(https?:)?//""", page)  # nothing fetched by address
    assert "<script" not in page and "@import" not in page
    assert not re.search(r"url\(\s*['\"]?(?!#)", page)  # only the figures' own clip paths (url(#id))


def test_the_tables_say_the_figures_numbers(reports):
    page = html.unescape((reports / "sim.html").read_text(encoding="utf-8"))
    result = run("simulate", "green-lantern", "-g", "12", "--no-timing")
    text = result.stdout
    seats = re.search(r'<section id="seats">.*?</section>', page, re.S).group(0)
    for seat in range(4):  # the text report's match win rates and intervals, in the same words
        row = re.search(rf"^{seat}\s+random\s+\d+\s+([\d.]+)\s+([\d.]+) … ([\d.]+)", text, re.M)
        assert f"{row.group(1)}%" in seats and f"{row.group(2)}% … {row.group(3)}%" in seats


@pytest.mark.parametrize("name, figures", EVERY_PAGE)
def test_the_plot_dir_holds_each_figure_as_png_and_svg(reports, name, figures):
    from PIL import Image, ImageStat

    folder = reports / f"{name}-plots"
    assert sorted(p.name for p in folder.iterdir()) == sorted(f"{k}.{e}" for k in figures for e in ("png", "svg"))
    for key in figures:
        with Image.open(folder / f"{key}.png") as image:
            assert max(ImageStat.Stat(image.convert("L")).var) > 100, key
        assert (folder / f"{key}.svg").read_text(encoding="utf-8").startswith("<svg")


@pytest.mark.parametrize("command", [["simulate", "classic"], ["compare", "classic"], ["impact", "classic"],
                                     ["skill", "classic"], ["simulate", "classic", "--sweep", "hand_size=5,6"]])
@pytest.mark.parametrize("option", ["--report", "--plot-dir"])
def test_without_matplotlib_report_and_plot_dir_are_one_message(monkeypatch, tmp_path, command, option):
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # (`import matplotlib` fails, installed or not)
    monkeypatch.setattr(plots, "_pyplot", None)
    result = run(*command, "-g", "2", option, str(tmp_path / "out"))
    assert result.exit_code == 1
    assert result.stderr == "error: the report's figures need matplotlib: pip install 'unodsl[plots]'\n"
    assert result.stdout == ""  # said before any game is played
    no_traceback(result)


# ---- in a browser -------------------------------------------------------------------------

def _chromium() -> str:
    found = shutil.which("chromium") or shutil.which("chromium-browser")
    if found is None:
        if os.environ.get("CI"):
            pytest.fail("chromium is not installed: .ci/run installs it for this test")
        pytest.skip("chromium is not installed (Debian: apt-get install chromium)")
    return found


class Proxy:
    """A proxy that answers nothing and records the first line of each request it is sent.

    Its thread ends on `close()` (a thread left running would make later tests of
    this process spawn their workers instead of forking them)."""

    def __init__(self):
        self.requests: list[str] = []
        self.server = socket.create_server(("127.0.0.1", 0))
        self.server.settimeout(0.1)
        self.port = self.server.getsockname()[1]
        self.stopping = threading.Event()
        self.thread = threading.Thread(target=self._serve, daemon=True)
        self.thread.start()

    def _serve(self) -> None:
        while not self.stopping.is_set():
            try:
                connection, _ = self.server.accept()
            except TimeoutError:
                continue
            with connection:
                connection.settimeout(2)
                try:
                    self.requests.append(connection.recv(512).split(b"\r\n")[0].decode("latin-1"))
                except OSError as error:
                    self.requests.append(repr(error))

    def close(self) -> None:
        self.stopping.set()
        self.thread.join()
        self.server.close()

    def page_requests(self) -> list[str]:
        """The requests but those of Chromium's own services (`GET http://host/...`, `CONNECT host:443`)."""
        hosts = [re.sub(r"^\w+ (https?://)?([^/ ]+).*", r"\2", line) for line in self.requests]
        return [line for line, host in zip(self.requests, hosts) if not CHROMIUM_SERVICES.search(host)]


def _open_in_chromium(page: Path, screenshot: Path, tmp_path: Path, height: int = 4000) -> list[str]:
    """Render `page` headless, save a screenshot, and return the requests it made."""
    proxy = Proxy()
    try:
        subprocess.run([_chromium(), "--headless", "--disable-gpu", "--no-sandbox", "--hide-scrollbars",
                        f"--user-data-dir={tmp_path / 'profile'}", "--no-first-run", "--disable-sync",
                        "--disable-background-networking", "--disable-component-update",
                        f"--proxy-server=http://127.0.0.1:{proxy.port}", "--proxy-bypass-list=<-loopback>",
                        f"--screenshot={screenshot}", f"--window-size=1200,{height}", page.as_uri()],
                       capture_output=True, timeout=120, check=True)
    finally:
        proxy.close()
    return proxy.page_requests()


def _contact_sheet(page: Path, out: Path) -> int:
    """A page with the report's own inline figures, each in a fixed cell: one screenshot checks each."""
    text = page.read_text(encoding="utf-8")
    style = re.search(r"<style>.*?</style>", text, re.S).group(0)
    cells = "".join(f'<div style="position:absolute;left:0;top:{500 * i}px;width:640px;height:480px;'
                    f'overflow:hidden" class="figure">{svg}</div>' for i, svg in enumerate(_svgs(text)))
    out.write_text(f"<!DOCTYPE html><html><head>{style}</head><body style='margin:0'>{cells}</body></html>",
                   encoding="utf-8")
    return len(_svgs(text))


@pytest.mark.parametrize("name, figures", EVERY_PAGE)
def test_the_report_opens_in_chromium_drawn_and_without_the_network(reports, tmp_path, name, figures):
    from PIL import Image, ImageStat

    shot = tmp_path / "page.png"
    assert _open_in_chromium(reports / f"{name}.html", shot, tmp_path) == []
    with Image.open(shot) as image:
        grey = image.convert("L")
        assert ImageStat.Stat(grey).var[0] > 300  # not a blank page
        rows = [ImageStat.Stat(grey.crop((0, y, grey.width, y + 40))).var[0] for y in range(0, 2000, 40)]
        assert sum(v > 50 for v in rows) > 20  # drawn all down the figures, not one line of text
    count = _contact_sheet(reports / f"{name}.html", tmp_path / "sheet.html")
    assert count == len(figures)
    sheet = tmp_path / "sheet.png"
    _open_in_chromium(tmp_path / "sheet.html", sheet, tmp_path, height=500 * count)
    with Image.open(sheet) as image:
        grey = image.convert("L")
        for i, key in enumerate(figures):
            assert ImageStat.Stat(grey.crop((0, 500 * i, 640, 500 * i + 480))).var[0] > 300, key


def test_the_network_check_finds_a_report_that_fetches(reports, tmp_path):
    """The check above can fail: the same report with an image and a style sheet from the web."""
    page = (reports / "sim.html").read_text(encoding="utf-8")
    fetching = tmp_path / "fetching.html"
    fetching.write_text(page.replace("</body>", '<img src="http://example.invalid/figure.png">'
                                                '<link rel="stylesheet" href="https://fonts.example.invalid/a.css">'
                                                "</body>"), encoding="utf-8")
    requests = _open_in_chromium(fetching, tmp_path / "page.png", tmp_path)
    assert any("example.invalid/figure.png" in r for r in requests), requests
    assert any("fonts.example.invalid:443" in r for r in requests), requests


def test_a_report_with_no_folder_to_go_in_is_one_message_before_the_games(tmp_path):
    path = tmp_path / "no-such-folder" / "r.html"
    result = run("simulate", "classic", "-g", "2", "--report", str(path))
    assert result.exit_code == 1
    assert result.stderr == f"error: cannot write the report {path}: no folder {path.parent}\n"
    assert result.stdout == ""
    no_traceback(result)


@pytest.mark.parametrize("option, target", [("--report", "a-folder"), ("--plot-dir", "a-file")])
def test_a_folder_for_the_report_or_a_file_for_the_figures_is_refused(tmp_path, option, target):
    (tmp_path / "a-file").write_text("")
    (tmp_path / "a-folder").mkdir()
    result = run("simulate", "classic", "-g", "2", option, str(tmp_path / target))
    assert result.exit_code == 2 and f"Invalid value for '{option}'" in result.stderr
    assert result.stdout == ""
    no_traceback(result)


def test_figures_that_cannot_be_written_are_one_message(tmp_path):
    (tmp_path / "a-file").write_text("")
    target = tmp_path / "a-file" / "plots"  # (a folder in a file: refused even to root)
    result = run("simulate", "classic", "-g", "2", "--plot-dir", str(target))
    assert result.exit_code == 1
    assert result.stderr == f"error: cannot write {target}: Not a directory\n"
    no_traceback(result)
