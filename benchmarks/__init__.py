"""Benchmarks of coursekit against peer libraries, measured side by side in one process."""
