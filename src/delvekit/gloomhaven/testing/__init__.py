"""Example setups and invariant checks used by tests, fuzzers and benchmarks."""
