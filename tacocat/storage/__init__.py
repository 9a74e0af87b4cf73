"""Nothing lost: the autosave, the game records and their replay.

Everything here writes under one app directory (:mod:`tacocat.storage.paths`):

- ``save.json``: the game in progress, rewritten atomically after every
  action (:mod:`tacocat.storage.saves`), so a closed terminal, a Ctrl-C or a
  ``kill -9`` loses at most the action being typed;
- ``games/<id>.jsonl``: one record per game, finished or not
  (:mod:`tacocat.storage.records`): a header with the seed, rules, names and
  the action list, then one line per public event;
- ``play.lock``: held by a running ``tacocat play``, so that a second game
  started elsewhere cannot overwrite its save (:mod:`tacocat.storage.lock`);
- :mod:`tacocat.storage.replay` re-plays a record through the engine from
  seed + actions, which is exact because the engine's only randomness is the
  seeded generator.

:class:`~tacocat.storage.autosave.AutoSave` ties them to a game loop: the loop
calls it once after each action it applies.
"""
