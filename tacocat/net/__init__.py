"""Two terminals, one game: ``tacocat host`` and ``tacocat join``.

:mod:`~tacocat.net.protocol` is the wire (JSON lines, each checked),
:mod:`~tacocat.net.wire` a connection and the private folder where the
two meet, :mod:`~tacocat.net.lobby` the host's door, :mod:`~tacocat.net.hostgame`
the host's game with its remote seat, :mod:`~tacocat.net.client` and
:mod:`~tacocat.net.watch` the joining terminal's screens.
"""
