"""Solvers: double-dummy search for the trick games, and the Klondike solver."""
