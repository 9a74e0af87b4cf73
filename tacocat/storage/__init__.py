"""Nothing lost: the game records, the saved-game pointer and their replay.

Everything here writes under one app directory (:mod:`tacocat.storage.paths`):

- ``games/<id>.jsonl``: one record per game, finished or not, the one copy
  of the game (:mod:`tacocat.storage.records`, its lines:
  :mod:`tacocat.storage.journal`): a header with the seed, rules and names,
  then one line per action, take-back and hint, appended and ``fsync``-ed
  as it happens, so a closed terminal, a Ctrl-C or a ``kill -9`` loses at
  most the action being typed;
- ``save.json``: which unfinished game ``tacocat play`` offers to resume
  (:mod:`tacocat.storage.saves`), written when a game starts or resumes;
- ``play.lock``: held by a running ``tacocat play``, so that a second game
  started elsewhere cannot take its save (:mod:`tacocat.storage.lock`);
- :mod:`tacocat.storage.replay` re-plays a record through the engine from
  seed + actions, which is exact because the engine's only randomness is the
  seeded generator; resuming is such a re-play.

:class:`~tacocat.storage.autosave.AutoSave` ties them to a game loop: the loop
calls it once after each action it applies.
"""
