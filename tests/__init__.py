"""The test suite: a package, so that one folder's helpers can serve another's tests."""
