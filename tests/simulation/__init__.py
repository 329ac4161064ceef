"""Simulations and their statistics (`unodsl simulate`, compare, workers and the Ray backend),
streamed runs, and the benchmarks' speed comparison (benchmarks/)."""
