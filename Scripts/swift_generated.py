"""What the generators that compile a text into a Swift constant share: the literal, and writing or checking the
output (standard library only).

    from swift_generated import raw_literal, write_or_check
"""

import difflib
import sys
from pathlib import Path


def raw_literal(text: str) -> str:
    """A Swift raw multi-line string literal holding `text` exactly."""
    hashes = "#"
    while ('"""' + hashes) in text or ("\\" + hashes) in text:
        hashes += "#"
    # A multi-line literal drops the newline before its closing delimiter: add one so the text keeps its own.
    return hashes + '"""\n' + text + "\n" + '"""' + hashes


def write_or_check(output: Path, text: str, arguments: list) -> int:
    """Writes `text` to `output`; with `--check` in `arguments`, writes nothing and exits 1 with a diff when the
    committed file differs."""
    if "--check" in arguments:
        current = output.read_text(encoding="utf-8") if output.exists() else ""
        if current != text:
            sys.stdout.writelines(difflib.unified_diff(
                current.splitlines(True), text.splitlines(True), str(output), "generated"))
            return 1
        return 0
    output.parent.mkdir(parents=True, exist_ok=True)
    output.write_text(text, encoding="utf-8")
    return 0
