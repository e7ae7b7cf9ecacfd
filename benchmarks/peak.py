"""Run a command and print its peak resident memory in KiB: ``python -m benchmarks.peak CMD ...``.

Linux keeps a process's peak memory across ``fork`` and ``exec``, so a command
started straight from a large benchmark process would report that process's
size. Started from this small launcher, the figure is the command's own (and
its workers'), with this launcher's few MiB as the floor.
"""

from __future__ import annotations

import os
import subprocess
import sys


def main(argv: list[str]) -> int:
    """Run ``argv``, print its peak RSS (KiB) and return its exit code."""
    proc = subprocess.Popen(argv, stdout=subprocess.DEVNULL)
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    print(usage.ru_maxrss)
    return proc.returncode


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
