"""server tests (a package, so its conftest.py does not clash with the others)."""
