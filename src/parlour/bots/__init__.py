"""Bots: each is given one seat's observation and the legal actions, never the state."""
