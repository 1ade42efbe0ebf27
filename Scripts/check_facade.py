#!/usr/bin/env python3
"""Checks that `import OpenHealthKit` shows the HealthKit API and the store's configuration, and none of the engine.

Type-checks two files as sources of this package (same package name, so `package` declarations would be visible
through any import that re-exported them) that import only the facade, with the flags SwiftPM used for the HeartRate
example (an app that imports only the facade):
- Scripts/facade-client/Allowed.swift, what a host writes, must compile;
- Scripts/facade-client/Forbidden.swift names engine internals, and each must be "not found in scope".
Run after `swift build` (it reads debug.yaml and the built modules of the build folder its argument names, `.build`
by default). Standard library only.
"""

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CLIENT = ROOT / "Scripts" / "facade-client"
BUILD = ROOT / (sys.argv[1] if len(sys.argv) > 1 else ".build")
# Flags, with the value that follows each, that locate modules and set the language as the build did.
KEPT = {"-I", "-Xcc", "-F", "-package-name", "-swift-version", "-enable-upcoming-feature", "-module-cache-path", "-sdk"}


def client_flags() -> list[str]:
    """The module search paths, C module maps, package name and language settings of HeartRate's compile command."""
    plan_path = BUILD / "debug.yaml"
    plan = plan_path.read_text()
    commands = [m.group(1) for m in re.finditer(r"args: \[(.*?)\]\n", plan) if '"-module-name","HeartRate"' in m.group(1)]
    if not commands:
        sys.exit(f"check_facade: no HeartRate compile command in {plan_path}; run `swift build` first")
    args = [a.replace('\\"', '"') for a in re.findall(r'"((?:[^"\\]|\\.)*)"', max(commands, key=len))]
    flags = []
    for flag, value in zip(args, args[1:] + [""]):
        if flag in KEPT:
            flags += [flag, value]
    return flags


def typecheck(file: Path, flags: list[str]) -> tuple[int, str]:
    run = subprocess.run(["swiftc", "-typecheck", *flags, str(file)], capture_output=True, text=True)
    return run.returncode, run.stdout + run.stderr


def main() -> int:
    flags = client_flags()
    failures = []
    status, output = typecheck(CLIENT / "Allowed.swift", flags)
    if status != 0:
        failures.append("Allowed.swift does not compile against the facade:\n" + output)
    status, output = typecheck(CLIENT / "Forbidden.swift", flags)
    errors = [line for line in output.splitlines() if ": error: " in line]
    names = re.findall(r"^let \w+(?:: \[?(\w+)\]?\??)?(?: = (\w+)\.)?", (CLIENT / "Forbidden.swift").read_text(), re.M)
    expected = {a or b for a, b in names}
    hidden = {m.group(1) for line in errors if (m := re.search(r"cannot find (?:type )?'(\w+)' in scope", line))}
    if status == 0 or hidden != expected or len(errors) != len(expected):
        failures.append(f"Forbidden.swift: expected exactly {sorted(expected)} to be out of sight, got:\n" + output)
    for failure in failures:
        print("check_facade: " + failure, file=sys.stderr)
    if not failures:
        print(f"check_facade: the facade shows the host's API and hides the engine ({', '.join(sorted(expected))})")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
