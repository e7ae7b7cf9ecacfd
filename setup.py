"""setuptools' entry point: the C extensions of a compiled build (build_backend/)."""

import sys
from pathlib import Path

from setuptools import setup

sys.path.insert(0, str(Path(__file__).resolve().parent / "build_backend"))

from cardkit_build import extensions

setup(ext_modules=extensions())
