"""Benchmarks (make bench): figures measured as ratios to same-run baselines."""
