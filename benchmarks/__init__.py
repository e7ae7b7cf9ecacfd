"""cardkit's benchmark suite: bot-vs-bot throughput against OpenSpiel and RLCard.

Run it with ``python -m benchmarks`` (``--quick`` for a smoke run); see
``benchmarks/README.md``. Benchmarks report; no test asserts a time.
"""
