"""Rendering: skill catalogs and skill bodies exactly as each agent injects them.

``catalog`` holds the registry of catalog formats (one per agent, plus generic ones) and the
budgets each agent applies; ``body`` holds the invocation wrappers, argument substitution and
inline shell handling; ``into`` splices a rendered catalog into a file between markers.
Nothing here imports typer or rich.
"""
