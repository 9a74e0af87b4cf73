"""Tests of the computer players and `tacocat simulate` (a package so that test
module names never collide with other test folders)."""
