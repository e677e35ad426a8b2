"""The ``stonework`` command line."""
