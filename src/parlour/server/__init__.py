"""The web app: a table server around the engines (``parlour serve``).

:mod:`~parlour.server.games` builds engine states and views,
:mod:`~parlour.server.table` is a table's turns and versions (pure, no I/O),
:mod:`~parlour.server.store` keeps players, tables and every action,
:mod:`~parlour.server.workers` runs bots, hints and the solver off the event
loop, :mod:`~parlour.server.protocol` declares the messages, and
:mod:`~parlour.server.app` joins them as an ASGI app. See ``docs/protocol.md``.
"""
