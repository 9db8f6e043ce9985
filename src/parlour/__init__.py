"""Parlour: exact rules engines for Spades, Hearts and Klondike, with bots and a card table."""

__version__ = "0.1.0"
