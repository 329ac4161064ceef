"""What each problem code means, with its example, read from docs/problems.md.

The page is the one source of the explanations: `unodsl problem CODE` prints a
code's section of it, and the SARIF log gives it as each rule's help
(validate_formats.py). The page ships in the wheel (pyproject.toml) and is found
by unodsl.resources.data_dir, as the editions are. A section is

    ### L002 script-meaning

    What it means, in paragraphs.

    ```yaml file=l002.yaml
    (a file with the problem)
    ```

    ```console
    $ unodsl validate --format concise l002.yaml
    (what that prints)
    ```
"""
from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from functools import lru_cache

from .resources import data_dir

PAGE = "problems.md"  # in data_dir("docs")
_HEADING = re.compile(r"^### ([A-Z]\d{3}) ([a-z-]+)\n", re.M)
_BLOCK = re.compile(r"^```(?P<info>[^\n]*)\n(?P<body>.*?)^```$", re.S | re.M)


@dataclass(frozen=True)
class Help:
    """One code's section of the page."""

    code: str
    name: str
    explanation: str  # the paragraphs before the example, as written (markdown)
    examples: tuple[tuple[str, str], ...]  # (the block's info: `yaml file=x.yaml`, `console`; its text)

    @property
    def anchor(self) -> str:
        """The section's anchor, as GitHub and most markdown renderers make it: `l002-script-meaning`."""
        return f"{self.code}-{self.name}".lower()

    def summary(self) -> str:
        """The first sentence of the explanation, on one line."""
        one_line = " ".join(self.explanation.split())
        return one_line.split(". ", 1)[0].rstrip(".") + "."

    def text(self) -> str:
        """What `unodsl problem CODE` prints."""
        lines = [f"{self.code} {self.name}", "", self.explanation]
        for index, (info, body) in enumerate(self.examples):
            lines.append("")
            file = info.partition("file=")[2]
            if file or index == 0:
                lines.append(f"For example, {file}:" if file else "For example:")
            lines.extend(f"    {line}" if line else "" for line in body.rstrip("\n").split("\n"))
        lines += ["", f"(docs/{PAGE}#{self.anchor})"]
        return "\n".join(lines)


@lru_cache(maxsize=1)
def all_help() -> dict[str, Help]:
    """Every code's section, in the page's order."""
    page = (data_dir("docs") / PAGE).read_text(encoding="utf-8")
    headings = list(_HEADING.finditer(page))
    found = {}
    for index, heading in enumerate(headings):
        end = headings[index + 1].start() if index + 1 < len(headings) else len(page)
        section = page[heading.end():end].split("\n## ", 1)[0]  # (up to the next part's title)
        first_block = _BLOCK.search(section)
        explanation = section[:first_block.start() if first_block else len(section)].strip()
        examples = tuple((block["info"].strip(), block["body"]) for block in _BLOCK.finditer(section))
        found[heading[1]] = Help(heading[1], heading[2], explanation, examples)
    return found


def find_help(asked: str) -> Help | None:
    """The section of a code (`L002`, `l002`) or of a code's name (`script-meaning`)."""
    helps = all_help()
    wanted = asked.strip()
    return helps.get(wanted.upper()) or next((h for h in helps.values() if h.name == wanted.lower()), None)


def closest(asked: str) -> str | None:
    """The code or name closest to what was asked, for "did you mean"."""
    helps = all_help().values()
    choices = {h.code: h.code for h in helps} | {h.name: h.code for h in helps}
    close = difflib.get_close_matches(asked.strip().upper(), list(choices), n=1) or \
        difflib.get_close_matches(asked.strip().lower(), list(choices), n=1)
    return choices[close[0]] if close else None
