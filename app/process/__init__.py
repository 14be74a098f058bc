"""The process itself: where its files are, its logs, its worker threads, heap and runtime, its secrets, the shipped
models."""
