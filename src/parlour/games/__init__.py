"""The games: one module per game, all behind the interface in :mod:`parlour.games.base`."""
