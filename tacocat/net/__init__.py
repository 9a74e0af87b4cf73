"""Two terminals, one game: ``tacocat host`` and ``tacocat join``.

:mod:`~tacocat.net.host` composes the one table with a seat at another
terminal, :mod:`~tacocat.net.remote` is that terminal as the table's Io,
:mod:`~tacocat.net.protocol` the wire (JSON lines, each checked),
:mod:`~tacocat.net.wire` a connection and the private folder where the two
meet, :mod:`~tacocat.net.lobby` the host's door, :mod:`~tacocat.net.client`
the joining terminal and :mod:`~tacocat.net.watch` the spectators' screen.
"""
