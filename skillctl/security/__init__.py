"""Security analysis of skills: the shared views security lint rules and ``audit`` read.

Nothing here imports Typer or rich; nothing here runs or evaluates what it analyses.
"""
