"""``python -m benchmarks``: run every figure and print the results table."""

from benchmarks.run import main

raise SystemExit(main())
