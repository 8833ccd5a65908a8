"""The command-line layer: Typer only. Parses arguments, calls the core, picks a reporter."""
