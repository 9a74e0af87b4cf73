"""Tests of the rules engine (a package so that its helper modules and test
module names never collide with other test folders)."""
