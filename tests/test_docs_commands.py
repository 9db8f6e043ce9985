"""The commands the documentation tells people to run are commands that run.

README.md, benchmarks/README.md and docs/*.md quote about two hundred command lines
(``python benchmarks/hearts_bots.py --match expert-ismcts --seed 9960 ...``,
``parlour arena hearts --a expert --b pimc ...``) as the way to repeat a
figure. A flag renamed or dropped in a script leaves those lines failing for
whoever copies them; this reads every one and checks that its script exists
and that each ``--flag`` in it is one the script's (or the ``parlour``
subcommand's) ``--help`` lists.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOCS = [ROOT / "README.md", ROOT / "benchmarks" / "README.md",
        *sorted((ROOT / "docs").glob("*.md"))]

# a command runs to the end of its line (after joining "\" continuations), a table
# cell, a backquote or a comment
_SCRIPT = re.compile(r"python (benchmarks/[a-z_0-9]+\.py)([^`\n#|]*)")
_PARLOUR = re.compile(
    r"(?<![\w/.-])parlour (arena|join|play|replay|score|serve|solve)\b([^`\n#|]*)")
_SUBCOMMAND = re.compile(r"\s+([a-z][a-z_-]*)(?=\s|$)")
_FLAG = re.compile(r"(?<![\w-])(--[a-z][a-z0-9-]*)")


def quoted_commands(text: str) -> list[tuple[str, list[str]]]:
    """Each command quoted in ``text``: what to ask for ``--help`` (a script's path
    and its subcommand if it names one, or ``parlour`` and its subcommand) and the
    flags the command uses.

    >>> quoted_commands("run `python benchmarks/x.py --hands 3 \\\\\\n    --seed 1` and "
    ...                 "`parlour arena hearts --a expert`")
    [('benchmarks/x.py', ['--hands', '--seed']), ('parlour arena', ['--a'])]
    >>> quoted_commands("`python benchmarks/y.py fit --log a.jsonl`")
    [('benchmarks/y.py fit', ['--log'])]
    """
    text = re.sub(r"\\\n\s*", " ", text)
    found = []
    for m in _SCRIPT.finditer(text):
        # a script with subcommands (``hearts_learn.py record --hands``): its
        # subcommand's help lists the flags
        sub = _SUBCOMMAND.match(m.group(2))
        what = f"{m.group(1)} {sub.group(1)}" if sub else m.group(1)
        found.append((m.start(), what, m.group(2)))
    found += [(m.start(), "parlour " + m.group(1), m.group(2)) for m in _PARLOUR.finditer(text)]
    return [(what, _FLAG.findall(rest)) for _, what, rest in sorted(found)]


def unknown_flags(docs: list[Path]) -> list[str]:
    """Every quoted command whose script is missing or whose flag its help lacks
    (flags written out in full: argparse takes ``--hand`` for ``--hands``, a reader
    should not have to)."""
    helps: dict[str, set[str] | None] = {}
    problems = []
    for doc in docs:
        for what, flags in quoted_commands(doc.read_text(encoding="utf-8")):
            if what not in helps:
                if what.startswith("parlour "):
                    argv = [sys.executable, "-m", "parlour.cli", *what.split()[1:], "--help"]
                elif (ROOT / what.split()[0]).is_file():
                    argv = [sys.executable, str(ROOT / what.split()[0]), *what.split()[1:],
                            "--help"]
                else:
                    helps[what] = None
                    problems.append(f"{doc.name}: {what} does not exist")
                    continue
                done = subprocess.run(argv, cwd=ROOT, capture_output=True, text=True,
                                      timeout=300)
                helps[what] = set(_FLAG.findall(done.stdout))
            known = helps[what]
            if known is None:
                continue
            problems += [f"{doc.name}: {what} has no {flag}" for flag in flags
                         if flag not in known]
    return sorted(set(problems))


def test_every_flag_of_every_quoted_command_is_one_its_command_takes():
    commands = sum(len(quoted_commands(d.read_text(encoding="utf-8"))) for d in DOCS)
    assert commands > 100  # the docs do quote their commands
    assert unknown_flags(DOCS) == []


def test_a_renamed_flag_in_the_docs_is_found(tmp_path):
    doc = tmp_path / "notes.md"
    doc.write_text("    python benchmarks/hearts_bots.py --match expert-pimc --hand 20\n"
                   "`python benchmarks/hearts_learn.py record --hand 9 --log x`\n"
                   "`parlour arena spades --a expert --b pimc --deals 9`\n"
                   "`python benchmarks/no_such_benchmark.py --seed 1`\n", encoding="utf-8")
    assert unknown_flags([doc]) == [
        "notes.md: benchmarks/hearts_bots.py has no --hand",
        "notes.md: benchmarks/hearts_learn.py record has no --hand",
        "notes.md: benchmarks/no_such_benchmark.py does not exist",
        "notes.md: parlour arena has no --deals",
    ]
