"""Output formats. Only this package (and cli/) may import rich."""
